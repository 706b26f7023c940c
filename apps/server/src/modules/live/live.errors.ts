import { liveRefusals } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the live module refuses: its reasons and their codes are shared with the web
// (@smt/shared's refusals), so both read one list.

export const errorCodes = liveRefusals;

export const fail = failWith(errorCodes);
