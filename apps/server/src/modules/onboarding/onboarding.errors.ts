import { onboardingRefusals } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the onboarding module refuses: its reasons and their codes are shared with the web
// (@smt/shared's refusals), so both read one list.

export const errorCodes = onboardingRefusals;

export const fail = failWith(errorCodes);
