import { dashboardRefusals } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the dashboard module refuses: its reasons and their codes are shared with the web
// (@smt/shared's refusals), so both read one list.

export const errorCodes = dashboardRefusals;

export const fail = failWith(errorCodes);
