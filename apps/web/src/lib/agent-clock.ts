import { hasUtcTime, utcTimesInZone } from '@smt/shared';

/** The browser's time zone, taken as the agent's own (docs/decisions/073). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A notification's text as the server wrote it, its instants (a ticketing deadline, a void
 * window's end) moved from UTC to the agent's clock with the zone named: 'Issue tickets by
 * 01/12/2026 20:28 GMT+2'. Flight times, the airports' own, are left as they are.
 */
export function onAgentsClock(text: string): string {
  // Reading the browser's zone builds a date formatter, a cost each card of a long list paid
  // again on every render; most texts hold no instant.
  return hasUtcTime(text) ? utcTimesInZone(text, browserTimeZone()) : text;
}
