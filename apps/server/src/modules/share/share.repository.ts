import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bookings, designProperties, notifications } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

/** What a shared link tells of a notification, or null when the scope does not see it. */
export async function findShareSource(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      titleMessage: notifications.titleMessage,
      agencyId: notifications.agencyId,
      data: notifications.data,
      pnr: bookings.pnrNumber,
    })
    .from(notifications)
    .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
    .where(
      and(
        eq(notifications.id, id),
        ne(notifications.status, 'DEL'),
        inScope(scope, {
          agency: notifications.agencyId,
          branch: notifications.branchId,
          agent: notifications.agentId,
        }),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The agency's header and footer for the public page, else the default row's, else none. */
export async function findDesignProperties(db: Db, agencyId: number) {
  const [row] = await db
    .select({ header: designProperties.headerHtml, footer: designProperties.footerHtml })
    .from(designProperties)
    .where(or(eq(designProperties.agencyId, agencyId), isNull(designProperties.agencyId)))
    .orderBy(sql`${designProperties.agencyId} asc nulls last`)
    .limit(1);
  return row ?? { header: null, footer: null };
}
