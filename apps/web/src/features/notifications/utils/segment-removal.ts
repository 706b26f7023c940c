import type { Flight, MainAction } from '@smt/shared';

/** The main action removes segments from the PNR (an ADM's, SPEC §4's operation C). */
export const removesSegments = (action: MainAction | null): boolean => action?.opCode === 'C';

/** The flights the notification is about: the ones its main action removes. */
export const alertedFlights = (flights: readonly Flight[]): Flight[] =>
  flights.filter((flight) => flight.alerted === true);

/**
 * How many segments approving removes: those the notification marks; one for a notification
 * stored before flights were marked, as segment removal names one segment each.
 */
export const removalCount = (flights: readonly Flight[]): number =>
  Math.max(1, alertedFlights(flights).length);
