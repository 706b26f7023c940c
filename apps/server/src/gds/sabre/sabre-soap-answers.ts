import type { SegmentHistoryEntry } from '@/gds/gds-types';
import { all, one, path, text, type XmlNode } from './sabre-soap';

// What the adapter reads of Sabre's SOAP answers, from the samples Sabre publishes for each
// service (QueueCountRS, QueueAccessRS, TravelItineraryHistoryRS, OTA_AirPriceRS,
// OTA_AirRulesRS): only the elements named here; everything else in them is left unread.

/** QueueCountRS: the PNRs on each queue of the PCC that has any. */
export function queueCountsOf(answer: XmlNode): Map<number, number> {
  const counts = new Map<number, number>();
  for (const info of all(answer, 'QueueInfo'))
    for (const queue of all(info, 'QueueIdentifier')) {
      const number = Number(text(queue, '@Number'));
      // Sabre's sample pads counts with dots ('....261'); recorded answers do not.
      const count = Number((text(queue, '@Count') ?? '').replace(/^\.+/, ''));
      // Sabre lists its message queue as 'S', which holds no PNR.
      if (Number.isInteger(number) && Number.isInteger(count)) counts.set(number, count);
    }
  return counts;
}

/** QueueAccessRS with List: the locators on the queue, in queue order. */
export const queueLocatorsOf = (answer: XmlNode): string[] =>
  all(answer, 'Line')
    .map((line) => text(one(line, 'UniqueID'), '@ID') ?? '')
    .filter((locator) => /^[A-Z0-9]{6}$/.test(locator));

/**
 * 'MM-DDTHH:mm' as Sabre's history states a flight's local departure, in the year that puts
 * it on or after the day it was sold (a flight is sold before it leaves).
 */
export function departureOf(monthDay: string, soldAt: string): string {
  const match = /^(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(monthDay);
  if (!match) return monthDay.replace('T', ' ');
  const [, month, day, hour, minute] = match;
  const soldYear = Number(soldAt.slice(0, 4)) || new Date().getUTCFullYear();
  const soldDay = soldAt.slice(5, 10);
  const year = `${month}-${day}` < soldDay ? soldYear + 1 : soldYear;
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

/**
 * TravelItineraryHistoryRS: each air segment sold (Action AS) or cancelled (XS), with the
 * time of the transaction that did it, oldest first.
 */
export function historyOf(answer: XmlNode): SegmentHistoryEntry[] {
  const entries: SegmentHistoryEntry[] = [];
  let at = '';
  for (const info of all(answer, 'HistoricalInfo')) {
    const stamp = text(path(info, 'ItineraryRef', 'Source'), '@CreateDateTime');
    if (stamp) at = stamp.length === 16 ? `${stamp}:00Z` : stamp;
    for (const item of all(path(info, 'ItineraryInfo', 'ReservationItems'), 'Item'))
      for (const flight of all(item, 'FlightSegment')) {
        const action = text(flight, '@Action');
        if (action !== 'AS' && action !== 'XS') continue;
        const airline = text(one(flight, 'MarketingAirline'), '@Code') ?? '';
        entries.push({
          at: at === '' ? new Date(0).toISOString() : new Date(at).toISOString(),
          action: action === 'AS' ? 'SOLD' : 'CANCELLED',
          airline,
          flightNumber: String(Number(text(flight, '@FlightNumber') ?? '0')),
          from: text(one(flight, 'OriginLocation'), '@LocationCode') ?? '',
          to: text(one(flight, 'DestinationLocation'), '@LocationCode') ?? '',
          departure: departureOf(text(flight, '@DepartureDateTime') ?? '', at),
        });
      }
  }
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

export type PricedFare = {
  total: number;
  currency: string;
  fareBasis: string;
  /** The class the fare books the first flight in, where the answer says. */
  bookingClass: string | null;
  /** The pricing entry Sabre ran, as its answer states it ('WPNC'). */
  command: string | null;
};

/** OTA_AirPriceRS: the itinerary's total and the fare basis of its first fare component. */
export function pricedFareOf(answer: XmlNode): PricedFare | null {
  const priced = path(answer, 'PriceQuote', 'PricedItinerary');
  const total = path(priced, 'AirItineraryPricingInfo', 'ItinTotalFare', 'TotalFare');
  // TotalAmount is the whole booking's; ItinTotalFare is one passenger type's, per passenger.
  const amount = text(priced, '@TotalAmount') ?? text(total, '@Amount');
  const currency = text(priced, '@CurrencyCode') ?? text(total, '@CurrencyCode');
  if (amount === undefined || currency === undefined || !Number.isFinite(Number(amount)))
    return null;
  const breakdown = path(priced, 'AirItineraryPricingInfo', 'PTC_FareBreakdown');
  const fareBasis =
    text(one(breakdown, 'FareBasis'), '@Code') ??
    text(one(path(breakdown, 'FareBasisCodes'), 'FareBasisCode')) ??
    '';
  const command =
    text(path(answer, 'ApplicationResults', 'Success', 'SystemSpecificResults', 'HostCommand')) ??
    null;
  return {
    total: Math.round(Number(amount) * 100) / 100,
    currency,
    fareBasis: fareBasis.replace(/\/.*$/, ''),
    // 'AlternateBooking' names each segment's class after its number ('1K'), where the fare
    // books another class than the one held.
    bookingClass:
      text(
        one(
          path(answer, 'PriceQuote', 'MiscInformation', 'HeaderInformation', 'BargainFinder'),
          'AlternateBooking',
        ),
        '@ResBookDesigCode',
      )?.replace(/^\d+/, '') ??
      text(one(breakdown, 'FlightSegment'), '@ResBookDesigCode') ??
      null,
    command,
  };
}

/** OTA_AirRulesRS: the text of category 16 (penalties), which the fare rules panel shows. */
export function penaltyTextOf(answer: XmlNode): string | null {
  const paragraphs = all(path(answer, 'FareRuleInfo', 'Rules'), 'Paragraph');
  const penalties =
    paragraphs.find((paragraph) => text(paragraph, '@RPH') === '16') ??
    paragraphs.find((paragraph) => /PENALT/i.test(text(paragraph, '@Title') ?? ''));
  if (!penalties) return null;
  const lines = all(penalties, 'Text').map((line) => text(line) ?? '');
  return lines.join('\n').trim() || null;
}
