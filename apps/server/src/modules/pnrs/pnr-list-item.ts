import { PANEL_GROUPS, type PnrListItem, type PnrNotificationStat, utcMinuteOf } from '@smt/shared';
import type { NotificationStatRow, PnrRow } from './pnr-list.repository';
import { updateWillAvailable } from './pnr-refresh';

/** Per booking, its groups in the panel's order. */
export function statsByBooking(rows: NotificationStatRow[]): Map<number, PnrNotificationStat[]> {
  const byBooking = new Map<number, PnrNotificationStat[]>();
  for (const row of rows) {
    const stats = byBooking.get(row.bookingId) ?? [];
    stats.push({ group: row.group, total: row.total, unread: row.unread });
    byBooking.set(row.bookingId, stats);
  }
  for (const stats of byBooking.values()) {
    stats.sort((a, b) => PANEL_GROUPS.indexOf(a.group) - PANEL_GROUPS.indexOf(b.group));
  }
  return byBooking;
}

/** A row of My PNRs (SPEC §3 PNR list item). */
export function pnrListItemOf(
  row: PnrRow,
  stats: PnrNotificationStat[],
  serverNow: Date,
): PnrListItem {
  return {
    id: row.id,
    pnrNumber: row.pnrNumber,
    pnrCreationDate: row.pnrCreatedAt.toISOString(),
    isTicketing: row.isTicketing,
    isTicketed: row.isTicketed,
    isVoidable: row.isVoidable,
    isDeparted: row.isDeparted,
    isCancelled: row.isCancelled,
    passengersCount: row.passengersCount,
    passengerName: row.mainPassenger,
    carrierCode: row.carrierCode,
    flightNumber: row.flightNumber,
    flightRoute: row.origin && row.destination ? `${row.origin}-${row.destination}` : null,
    // Read in UTC: departures are kept as local time that way.
    flightDate: row.departureAt ? utcMinuteOf(row.departureAt) : null,
    notificationStat: stats,
    updateWillAvailable: updateWillAvailable(row, serverNow),
    syncJobId: row.syncJobId,
    type: row.type,
    gdsId: row.gdsId,
    ticketingSupported: row.ticketingSupported,
  };
}
