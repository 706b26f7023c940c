import {
  NOTIFICATION_TYPES,
  type Flight,
  type NotificationData,
  type NotificationType,
  type PublicNotification,
  type PublicSegment,
} from '@smt/shared';

type PublicFlight = PublicNotification['flights'][number];

const flightNumberOf = (flight: Flight) => `${flight.airline}${flight.flight_number}`;

const segmentOf = (flight: Flight): PublicSegment => ({
  flightNumber: flightNumberOf(flight),
  origin: flight.from,
  dest: flight.to,
  departureDate: flight.departure,
  arrivalDate: flight.arrival,
  status: flight.status,
});

/**
 * A schedule change per flight it touched: the old flight beside what replaced it on the same
 * route. A cancelled flight has no current segments (the page then says 'Cancelled'); a new
 * flight that replaced nothing known is shown with no previous segments.
 */
function scheduleChangeFlights(sc: NotificationData['sc']): PublicFlight[] {
  if (!sc) return [];
  const matched = new Set<Flight>();
  const changed = sc.oldFlights.map((old): PublicFlight => {
    const current = sc.newFlights.filter((f) => f.from === old.from && f.to === old.to);
    for (const flight of current) matched.add(flight);
    return {
      flightNumber: flightNumberOf(old),
      prevSegments: [segmentOf(old)],
      ...(current.length > 0 ? { currSegments: current.map(segmentOf) } : {}),
    };
  });
  const added = sc.newFlights
    .filter((flight) => !matched.has(flight))
    .map((flight) => ({
      flightNumber: flightNumberOf(flight),
      prevSegments: [],
      currSegments: [segmentOf(flight)],
    }));
  return [...changed, ...added];
}

/** What the public share page shows of a notification (SPEC §2.12); other types show nothing. */
export function publicNotificationOf(
  type: NotificationType,
  pnrNumber: string,
  data: NotificationData,
): PublicNotification {
  switch (NOTIFICATION_TYPES[type].shareable) {
    case 'SC':
      return { notificationType: 'SC', pnrNumber, flights: scheduleChangeFlights(data.sc) };
    case 'TD':
      return {
        notificationType: 'TD',
        pnrNumber,
        flights: data.flights.map((flight) => ({
          flightNumber: flightNumberOf(flight),
          prevSegments: [segmentOf(flight)],
        })),
      };
    case null:
      return { notificationType: null, pnrNumber, flights: [] };
  }
}
