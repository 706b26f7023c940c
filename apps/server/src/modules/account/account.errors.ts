import { accountRefusals } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the account module refuses: its reasons and their codes are shared with the web
// (@smt/shared's refusals), so both read one list.

export const errorCodes = accountRefusals;

export const fail = failWith(errorCodes);
