import { PROCESS_OF_TYPE, type Media, type NotificationType, type ServerRole } from '@smt/shared';
import { and, arrayOverlaps, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { pushSubscriptions, subscriptions, users } from '@/db/schema';
import { scopeCovers, scopeOf, type Placement } from '@/db/scope';

export type NotificationTarget = Placement & { id: number; type: NotificationType };

export type Recipient = { channel: Media; recipient: string };

/**
 * Who gets a notification, following the subscriptions of its process: a branch-level row
 * covers the branch's enabled users, an agent-level row the agent's, and of those only the
 * ones whose scope shows them the notification (a fellow agent of the branch does not see a
 * colleague's bookings, so is not told about them). E-mail goes to the user's address once it
 * is proved (an unproved one may be someone else's: docs/decisions/024), push to each of the
 * user's browser subscriptions.
 */
export async function recipientsOf(db: Db, notification: NotificationTarget): Promise<Recipient[]> {
  const rows = await subscriptionsOf(db, notification);
  const audienceOf = (media: Media): SQL | undefined => {
    const levels = rows.filter((row) => row.media === media);
    const conditions = [
      levels.some((row) => row.agentId === null)
        ? eq(users.branchId, notification.branchId)
        : undefined,
      levels.some((row) => row.agentId !== null)
        ? eq(users.agentId, notification.agentId)
        : undefined,
    ].filter((condition) => condition !== undefined);
    return conditions.length > 0 ? and(eq(users.enabled, true), or(...conditions)) : undefined;
  };
  return recipientsAmong(db, notification, audienceOf);
}

const MANAGER_ROLES: ServerRole[] = [
  'ROLE_SA_MANAGER_USER',
  'ROLE_SA_AGENCY_MANAGER_USER',
  'ROLE_SA_BRANCH_MANAGER_USER',
];

/**
 * Who is told when a pending schedule change nobody handled is escalated (docs/decisions/064):
 * the managers whose scope shows them the notification (its agency's, and its branch's), by
 * the media the branch subscribed its process to. A branch that subscribed to nothing for the
 * process tells nobody, as it would not have been told of the change either.
 */
export async function managersOf(db: Db, notification: NotificationTarget): Promise<Recipient[]> {
  const rows = (await subscriptionsOf(db, notification)).filter((row) => row.agentId === null);
  const audienceOf = (media: Media): SQL | undefined =>
    rows.some((row) => row.media === media)
      ? and(
          eq(users.enabled, true),
          eq(users.agencyId, notification.agencyId),
          arrayOverlaps(users.roles, MANAGER_ROLES),
        )
      : undefined;
  return recipientsAmong(db, notification, audienceOf);
}

/** The subscriptions of the notification's process: its branch's, and its agent's own. */
const subscriptionsOf = (db: Db, notification: NotificationTarget) =>
  db
    .select({ media: subscriptions.media, agentId: subscriptions.agentId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.process, PROCESS_OF_TYPE[notification.type]),
        or(
          and(isNull(subscriptions.agentId), eq(subscriptions.branchId, notification.branchId)),
          eq(subscriptions.agentId, notification.agentId),
        ),
      ),
    );

/**
 * Of the users each medium's audience names, those whose scope shows them the notification:
 * e-mail to a proved address, push to each of their browsers.
 */
async function recipientsAmong(
  db: Db,
  notification: NotificationTarget,
  audienceOf: (media: Media) => SQL | undefined,
): Promise<Recipient[]> {
  const readersAmong = async (audience: SQL) => {
    const found = await db
      .select({
        id: users.id,
        email: users.email,
        emailConfirmedAt: users.emailConfirmedAt,
        roles: users.roles,
        agencyId: users.agencyId,
        branchId: users.branchId,
        agentId: users.agentId,
        multiAgentAccess: users.multiAgentAccess,
      })
      .from(users)
      .where(audience);
    return found.filter((user) => scopeCovers(scopeOf(user), notification));
  };

  const recipients: Recipient[] = [];
  const emailAudience = audienceOf('EMAIL');
  if (emailAudience) {
    for (const { email, emailConfirmedAt } of await readersAmong(emailAudience)) {
      if (emailConfirmedAt) recipients.push({ channel: 'EMAIL', recipient: email });
    }
  }
  const pushAudience = audienceOf('PUSH');
  const pushReaders = pushAudience ? await readersAmong(pushAudience) : [];
  if (pushReaders.length > 0) {
    const found = await db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.userId,
          pushReaders.map((user) => user.id),
        ),
      );
    for (const { endpoint } of found) recipients.push({ channel: 'PUSH', recipient: endpoint });
  }
  return recipients;
}
