import type { ErrorCode } from '@smt/shared';
import { errorCodes as account } from '@/modules/account/account.errors';
import { errorCodes as auth } from '@/modules/auth/auth.errors';
import { errorCodes as connections } from '@/modules/connections/connections.errors';
import { errorCodes as credits } from '@/modules/credits/credits.errors';
import { errorCodes as dashboard } from '@/modules/dashboard/dashboard.errors';
import { errorCodes as dev } from '@/modules/dev/dev.errors';
import { errorCodes as impersonation } from '@/modules/impersonation/impersonation.errors';
import { errorCodes as live } from '@/modules/live/live.errors';
import { errorCodes as management } from '@/modules/management/management.errors';
import { errorCodes as notifications } from '@/modules/notifications/notifications.errors';
import { errorCodes as onboarding } from '@/modules/onboarding/onboarding.errors';
import { errorCodes as organisation } from '@/modules/organisation/organisation.errors';
import { errorCodes as pnrs } from '@/modules/pnrs/pnrs.errors';
import { errorCodes as push } from '@/modules/push/push.errors';
import { errorCodes as share } from '@/modules/share/share.errors';
import { errorCodes as subscriptions } from '@/modules/subscriptions/subscriptions.errors';

// Every module's reasons in one map: the error handler answers a DomainError with its
// reason's code and that code's status (HTTP_STATUS_OF). Each module's keys start with its own
// name, so no two modules share a reason.

export const CODE_OF_REASON: Readonly<Record<string, ErrorCode>> = {
  ...account,
  ...auth,
  ...connections,
  ...credits,
  ...dashboard,
  ...dev,
  ...impersonation,
  ...live,
  ...management,
  ...notifications,
  ...onboarding,
  ...organisation,
  ...pnrs,
  ...push,
  ...share,
  ...subscriptions,
};
