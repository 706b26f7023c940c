import { shareRefusals } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the share module refuses: its reasons and their codes are shared with the web
// (@smt/shared's refusals), so both read one list.

export const errorCodes = shareRefusals;

export const fail = failWith(errorCodes);
