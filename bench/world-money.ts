// What the simulated market's reprices are worth to the agency, as its books see them
// (issue 36, docs/decisions/067 to 069): cash and airline credit apart, per ticket, the savings
// only a void inside the window makes, what acting on the first alert yields, and how much of
// a ticket is taxes. Each figure has its band and where the band comes from; a figure outside
// its band is the simulator's to answer for (its draws are set with a source), not the band's.
import type { SimRecord } from '@/gds/simulator/sim-types';
import { fromUsd } from '@/gds/simulator/world';
import type { Candidate } from '@/monitoring/detectors/detector';

export type MoneyLife = {
  record: SimRecord;
  everTicketed: boolean;
  /** Reprice candidates raised while the booking was ticketed, in the order raised. */
  ticketedReprices: Candidate[];
};

/** A row of the results table: figure, simulated, band, published, in band. */
export type Row = [string, string, string, string, string];

type Band = { low: number; high: number };

const toUsd = (amount: number, currency: string) => amount / fromUsd(1, currency);
const inBand = (value: number, { low, high }: Band) =>
  value >= low && value <= high ? 'inside' : 'outside';
const percent = (part: number, whole: number) =>
  whole === 0 ? '–' : `${((part / whole) * 100).toFixed(1)}%`;
const usd = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '–');
const bandText = ({ low, high }: Band) => `${low}–${high}`;
const percentBand = ({ low, high }: Band) => `${Math.round(low * 100)}%–${Math.round(high * 100)}%`;

const mean = (values: number[]) =>
  values.length === 0 ? NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const kindOf = (candidate: Candidate) =>
  candidate.savingKind ?? candidate.priceQuotes[0]?.saving?.kind ?? 'cash';
/** Raised to be repriced by void and rebook: the detector names when the window closes. */
const byVoid = (candidate: Candidate) => Boolean(candidate.priceQuotes[0]?.saving?.void_until);
const ticketsOf = (life: MoneyLife) => Math.max(1, life.record.booking.passengers.length);
const perTicket = (life: MoneyLife, candidate: Candidate) =>
  toUsd(candidate.potentialSaving ?? 0, candidate.currency ?? 'USD') / ticketsOf(life);
/** The best net per ticket the booking was offered in one kind of money. */
const bestOf = (life: MoneyLife, kind: 'cash' | 'credit') =>
  Math.max(
    ...life.ticketedReprices.filter((c) => kindOf(c) === kind).map((c) => perTicket(life, c)),
  );

// The bands (docs/decisions/069). Repricing services publish what their alerts found on
// ticketed fares: Yapta's FareIQ 'savings on 11 percent of tracked tickets with average savings
// of $260 per ticket' (yapta.com/resources), FairFly about one ticket in four at 254 USD on
// average (Techable, on FairFly's own figures). A reissue's difference comes back as cash only
// where the fare refunds; otherwise it is airline credit ('None of the airlines actually gives
// you cash back; instead you get a credit', ABC News, 14 May 2010), so cash sits at Yapta's
// count and cash with credit-only at most FairFly's.
const BANDS = {
  cashShare: { low: 0.05, high: 0.15 },
  creditOnlyShare: { low: 0.01, high: 0.15 },
  eitherShare: { low: 0.1, high: 0.3 },
  cashMean: { low: 200, high: 320 },
  // No service publishes a median; price drops are skewed (Hopper: two in three fares drop
  // within a day of booking, by 14% on average, one in six by 20% or more), so a median sits
  // at half to all of the published means.
  cashMedian: { low: 120, high: 260 },
  // Credits Yapta saw airlines give on a lower fare averaged 62 to 722 USD an international
  // ticket by airline (Tnooz, 'Yapta: JetBlue, Alaska Airlines flights most frequently eligible
  // for refunds', 2010); above, as for cash.
  creditMean: { low: 60, high: 320 },
  creditMedian: { low: 30, high: 260 },
  // Inside the void window a saving is the drop alone: Hopper's 14% of the fare on average,
  // one in six at 20% or more; 5 to 25% of the ticket's price.
  voidShareOfPrice: { low: 0.05, high: 0.25 },
  voidBookings: { low: 1, high: Infinity },
  // Taxes, fees and carrier surcharges: 20% of a US domestic round trip (Air Transport
  // Association, 2008), half of Rick Seaney's 300 USD international example with its fuel
  // surcharge; 15 to 50% of a ticket.
  taxShare: { low: 0.15, high: 0.5 },
} satisfies Record<string, Band>;

const YAPTA = 'Yapta: savings on 11% of tracked tickets, 260 USD a ticket';
const FAIRFLY = 'FairFly: about 1 in 4 tickets, 254 USD a ticket';

/** The money figures of the simulated world, as table rows and lines under the table. */
export function moneyFigures(lives: MoneyLife[]): { rows: Row[]; context: string[] } {
  const ticketed = lives.filter((l) => l.everTicketed);
  const repriced = ticketed.filter((l) => l.ticketedReprices.length > 0);
  const withCash = repriced.filter((l) => l.ticketedReprices.some((c) => kindOf(c) === 'cash'));
  const creditOnly = repriced.filter((l) =>
    l.ticketedReprices.every((c) => kindOf(c) === 'credit'),
  );
  const withCredit = repriced.filter((l) => l.ticketedReprices.some((c) => kindOf(c) === 'credit'));
  const cash = withCash.map((l) => bestOf(l, 'cash'));
  const credit = withCredit.map((l) => bestOf(l, 'credit'));

  const voided = repriced.flatMap((l) =>
    l.ticketedReprices.filter(byVoid).map((c) => ({ life: l, candidate: c })),
  );
  const voidBookings = new Set(voided.map(({ life }) => life.record.booking.locator)).size;
  const voidPerTicket = voided.map(({ life, candidate }) => perTicket(life, candidate));
  const voidShare = mean(
    voided.map(({ candidate }) => {
      const quote = candidate.priceQuotes[0];
      return quote ? (candidate.potentialSaving ?? 0) / quote.current_price : 0;
    }),
  );

  const firsts = repriced.map((l) => ({ life: l, first: l.ticketedReprices[0]! }));
  const firstOf = (kind: 'cash' | 'credit') =>
    firsts
      .filter(({ first }) => kindOf(first) === kind)
      .map(({ life, first }) => perTicket(life, first));
  const [firstCash, firstCredit] = [firstOf('cash'), firstOf('credit')];

  const taxShare = mean(ticketed.map((l) => (l.record.taxes ?? 0) / l.record.baseTotal));

  const share = (part: MoneyLife[]) => part.length / Math.max(1, ticketed.length);
  const count = (part: MoneyLife[]) =>
    `${percent(part.length, ticketed.length)} (${part.length} of ${ticketed.length})`;
  const rows: Row[] = [
    [
      'ticketed bookings with a cash-positive reprice',
      count(withCash),
      percentBand(BANDS.cashShare),
      `${YAPTA} (cash where the fare refunds)`,
      inBand(share(withCash), BANDS.cashShare),
    ],
    [
      'ticketed bookings with a credit-only reprice',
      count(creditOnly),
      percentBand(BANDS.creditOnlyShare),
      `${FAIRFLY}, less Yapta's 11%: the difference kept as airline credit (ABC News, 2010)`,
      inBand(share(creditOnly), BANDS.creditOnlyShare),
    ],
    [
      'ticketed bookings with either',
      count(repriced),
      percentBand(BANDS.eitherShare),
      `${YAPTA}; ${FAIRFLY}`,
      inBand(share(repriced), BANDS.eitherShare),
    ],
    [
      'mean net cash per ticket (best offered), USD-equivalent',
      usd(mean(cash)),
      bandText(BANDS.cashMean),
      'Yapta 260, FairFly 254 a ticket',
      inBand(mean(cash), BANDS.cashMean),
    ],
    [
      'median net cash per ticket (best offered)',
      usd(median(cash)),
      bandText(BANDS.cashMedian),
      'none published; half to all of the means (Hopper: drops skewed, 14% on average)',
      inBand(median(cash), BANDS.cashMedian),
    ],
    [
      'mean net credit per ticket (best offered)',
      usd(mean(credit)),
      bandText(BANDS.creditMean),
      "Yapta's airline credits on a lower fare, 62–722 an international ticket by airline (Tnooz, 2010)",
      inBand(mean(credit), BANDS.creditMean),
    ],
    [
      'median net credit per ticket (best offered)',
      usd(median(credit)),
      bandText(BANDS.creditMedian),
      'none published; half to all of the means',
      inBand(median(credit), BANDS.creditMedian),
    ],
    [
      'bookings with a saving found inside the void window, by void and rebook',
      `${voidBookings} (${voided.length} alerts, ${percent(voidBookings, ticketed.length)} of ticketed)`,
      'at least 1',
      'a ticket voids without a fee on the day of issue (Travelport: most BSP markets)',
      inBand(voidBookings, BANDS.voidBookings),
    ],
    [
      'mean net per ticket of a saving inside the void window (cash), and its share of the fare',
      `${usd(mean(voidPerTicket))} (${percent(voidShare, 1)})`,
      `${percentBand(BANDS.voidShareOfPrice)} of the fare`,
      'Hopper: fares dropping within a day of booking drop 14% on average, one in six 20% or more',
      inBand(voidShare, BANDS.voidShareOfPrice),
    ],
    [
      'acting on the first alert: mean net cash per ticket',
      `${usd(mean(firstCash))} (${firstCash.length} bookings)`,
      bandText(BANDS.cashMean),
      'what reissuing on the alert saved: Yapta 260, FairFly 254 a ticket',
      inBand(mean(firstCash), BANDS.cashMean),
    ],
    [
      'acting on the first alert: mean net credit per ticket',
      `${usd(mean(firstCredit))} (${firstCredit.length} bookings)`,
      bandText(BANDS.creditMean),
      "Yapta's airline credits, 62–722 an international ticket (Tnooz, 2010)",
      inBand(mean(firstCredit), BANDS.creditMean),
    ],
    [
      "taxes, fees and carrier surcharges in a ticketed booking's price (mean share)",
      percent(taxShare, 1),
      percentBand(BANDS.taxShare),
      'ATA: 20% of a US domestic round trip (2008); Rick Seaney: half of a 300 USD fare with its fuel surcharge',
      inBand(taxShare, BANDS.taxShare),
    ],
  ];
  const context = [
    `- Reprices of ticketed bookings are counted in their kind of money, never added: cash where the fare refunds the difference (less its refund fee) or the ticket is voided inside its window, airline credit where the fare keeps it; a fare that forfeits it raises nothing (decisions 067 and 068). A booking offered both counts under cash, and its best credit under credit.`,
    `- Acting on the first alert yields less than the best ever offered: a first alert's net is the first cheaper fare the shop saw, not the cheapest that came later (best offered: cash ${usd(mean(cash))}, credit ${usd(mean(credit))} a ticket).`,
  ];
  return { rows, context };
}
