import { utcMinuteOf } from './utc-day';

// How every card, title, list and message writes a time for people: dd/MM/yyyy and HH:mm
// (SPEC §9), by one rule (docs/decisions/035).
// A flight's, hotel's or car's time is the wall clock of its place, 'yyyy-MM-dd HH:mm', as the
// GDS gives it. Its text is rearranged, never read into a Date, so neither the server's nor
// the browser's time zone can move its day. An instant (a deadline, a check) belongs to no
// airport: it is written in UTC and says so.

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/;

/** A local 'yyyy-MM-dd HH:mm' as 'dd/MM/yyyy HH:mm', a 'yyyy-MM-dd' as 'dd/MM/yyyy'; else as it came. */
export function localTimeText(local: string): string {
  const match = LOCAL_TIME.exec(local);
  if (!match) return local;
  const [, year, month, day, hour, minute] = match;
  const date = `${day}/${month}/${year}`;
  return hour === undefined ? date : `${date} ${hour}:${minute}`;
}

/** The day of a local 'yyyy-MM-dd[ HH:mm]' as 'dd/MM/yyyy'; else as it came. */
export function localDayText(local: string): string {
  const match = LOCAL_TIME.exec(local);
  if (!match) return local;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

/** An instant as 'dd/MM/yyyy HH:mm UTC'; an unreadable one as it came. */
export function utcTimeText(instant: Date | string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  return `${localTimeText(utcMinuteOf(date))} UTC`;
}

// Building a formatter costs far more than formatting with one (ICU loads the zone's rules):
// a list of cards would pay it for each.
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

function zonedFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    });
    zonedFormats.set(timeZone, format);
  }
  return format;
}

/**
 * An instant as 'dd/MM/yyyy HH:mm' on the clock of `timeZone` (an IANA name), with that zone's
 * offset at the instant named: '01/12/2026 20:28 GMT+2', 'UTC' where the offset is none. How
 * the browser shows an agent a deadline in their own time (docs/decisions/073); an unreadable
 * instant as it came.
 */
export function zonedTimeText(instant: Date | string, timeZone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const parts = zonedFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? '';
  // ICU writes no offset as 'GMT' or 'GMT+0' by locale and version.
  const offset = part('timeZoneName');
  const zone = /^GMT(\+0)?$/.test(offset) ? 'UTC' : offset;
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')} ${zone}`;
}

/** What `utcTimeText` writes, found again in a text made with it. */
const UTC_TIME_IN_TEXT = /\b(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}) UTC\b/g;

/** Whether a text holds an instant `utcTimeText` wrote. */
export function hasUtcTime(text: string): boolean {
  return text.search(UTC_TIME_IN_TEXT) !== -1;
}

/**
 * A text the server wrote with instants in UTC ('Issue tickets by 01/12/2026 18:28 UTC'), each
 * such instant rewritten on the clock of `timeZone` and naming it. The stored text stays as it
 * was written (e-mails and pushes were sent with it); only what a browser shows is rewritten.
 */
export function utcTimesInZone(text: string, timeZone: string): string {
  return text.replace(
    UTC_TIME_IN_TEXT,
    (_, day: string, month: string, year: string, hour: string, minute: string) =>
      zonedTimeText(`${year}-${month}-${day}T${hour}:${minute}:00Z`, timeZone),
  );
}
