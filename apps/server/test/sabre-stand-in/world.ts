// What the stand-in's Sabre holds: PNRs as its reservation system keeps them, its queues, the
// tickets it issued, and the airlines' events that change them. The REST and SOAP sides read
// and change it through the functions below; Booking Management's refusals are thrown as a
// BookingRefusal (its `errors`). Amounts are kept in cents.

export type PassengerCode = 'ADT' | 'CNN' | 'INF';

export type TravelerScript = {
  givenName: string;
  surname: string;
  /** ADT when not given. */
  passengerCode?: PassengerCode;
  email?: string;
  phone?: string;
};

/** Decimal major units, as 412.3 or '412.30'. */
export type Amount = number | string;

export type FlightScript = {
  airline: string;
  flightNumber: number | string;
  from: string;
  to: string;
  /** Local to the airport, 'YYYY-MM-DD HH:mm'. */
  departure: string;
  arrival: string;
  bookingClass: string;
  /** HK when not given. */
  status?: string;
  operatingAirline?: string;
  aircraft?: string;
};

/** The stored fare (price quote 1): what one traveller pays, every traveller priced alike. */
export type FareScript = {
  fareBasis: string;
  total: Amount;
  taxes: Amount;
  currency: string;
  freeBags?: number;
};

export type RulesScript = {
  refundable: boolean;
  refundPenalty: Amount;
  changeable: boolean;
  changePenalty: Amount;
  currency: string;
};

export type PnrScript = {
  locator?: string;
  pcc?: string;
  agentSine?: string;
  travelers: TravelerScript[];
  flights: FlightScript[];
  fare?: FareScript;
  rules?: RulesScript;
  /** The stored fare's purchase deadline, 'YYYY-MM-DDTHH:mm' in the PCC's time. */
  deadline?: string;
  ticketed?: boolean;
  /** The DK number. */
  customerNumber?: string;
  /** ISO instant; the stand-in's now when not given. */
  createdAt?: string;
  contact?: { emails?: string[]; phones?: string[] };
  remarks?: string[];
};

export type LowerFareScript = {
  fareBasis: string;
  bookingClass: string;
  total: Amount;
  taxes: Amount;
  currency: string;
  rules?: RulesScript;
};

export type ChurnScript = { action: 'sell' | 'cancel'; flight: FlightScript; at?: string }[];

export type FlightRecord = {
  itemId: string;
  airline: string;
  flightNumber: number;
  operatingAirline: string;
  from: string;
  to: string;
  departure: string;
  arrival: string;
  bookingClass: string;
  status: string;
  aircraft: string | null;
  /** The airline's own locator for the PNR (Booking Management's flight confirmationId). */
  airlineLocator: string;
};

type Rules = {
  refundable: boolean;
  refundPenalty: number;
  changeable: boolean;
  changePenalty: number;
  currency: string;
};

/** Amounts in cents, per traveller. */
type StoredFare = {
  recordId: string;
  fareBasis: string;
  total: number;
  taxes: number;
  currency: string;
  freeBags: number | null;
  createdAt: string;
};

type LowerFare = Omit<StoredFare, 'recordId' | 'createdAt' | 'freeBags'> & {
  bookingClass: string;
  rules: Rules | null;
};

export type TicketStatus = 'Issued' | 'Voided' | 'Refunded/Exchanged';

/** Amounts in cents. */
export type TicketRecord = {
  number: string;
  /** 'YYYY-MM-DD', the day it was issued. */
  date: string;
  airline: string;
  travelerIndex: number;
  itemIds: string[];
  total: number;
  taxes: number;
  currency: string;
  status: TicketStatus;
  pcc: string;
};

export type HistoryRecord = {
  at: string;
  /** Entries of one transaction (one end of transaction) share it. */
  transaction: number;
  action: 'AS' | 'XS';
  flight: FlightRecord;
  travelers: number;
  receivedFrom: string;
  agentSine: string;
  pcc: string;
};

type TravelerRecord = TravelerScript & { passengerCode: PassengerCode };

export type PnrRecord = {
  locator: string;
  pcc: string;
  agentSine: string;
  createdAt: string;
  travelers: TravelerRecord[];
  flights: FlightRecord[];
  fare: StoredFare | null;
  rules: Rules | null;
  deadline: string | null;
  customerNumber: string | null;
  contact: { emails: string[]; phones: string[] };
  remarks: string[];
  tickets: TicketRecord[];
  history: HistoryRecord[];
  /** Counts every committed change: a session's end of transaction checks it. */
  version: number;
  lowerFare: LowerFare | null;
  futureTicketing: { ticketingDate?: string; ticketingTime?: string; queueNumber?: string } | null;
  nextPriceQuote: number;
  /** Exchange Booking's reissue quotes (PQR), waiting for AirTicketRQ to reissue from them. */
  reissueQuotes: ReissueQuote[];
};

/** A stored reissue quote: the ticket it exchanges and the fare it reissues at. */
export type ReissueQuote = { number: number; ticket: string; fare: LowerFare };

export type BookingError = {
  category: string;
  type: string;
  description?: string;
  fieldPath?: string;
  fieldValue?: string;
};

/** Booking Management's refusal: HTTP 200 with these `errors`. */
export class BookingRefusal extends Error {
  constructor(readonly errors: BookingError[]) {
    super(errors.map((error) => error.type).join(', '));
  }
}

export const bookingNotFound = () =>
  new BookingRefusal([
    {
      category: 'RESOURCE_NOT_FOUND',
      type: 'BOOKING_NOT_FOUND',
      description: 'Booking cannot be found.',
    },
  ]);

/** Statuses the airline no longer holds a seat in: not priced, not ticketed. */
export const INACTIVE = new Set(['HX', 'UN', 'UC', 'NO', 'US', 'UU', 'XX']);
/** What an end of transaction with ScheduleChange removes (the unconfirmed segments). */
const SCHEDULE_CHANGE_REMOVES = new Set(['UN', 'TL', 'UC', 'HX', 'NO']);

// Airlines' ticketing prefixes for the few carriers the tests use; others get 999.
const TICKET_PREFIX: Record<string, string> = {
  AA: '001',
  DL: '006',
  UA: '016',
  AF: '057',
  KL: '074',
  IB: '075',
  BA: '125',
  LH: '220',
  SU: '555',
  EY: '607',
};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const centsOf = (amount: Amount) => Math.round(Number(amount) * 100);
export const decimal = (cents: number) => (cents / 100).toFixed(2);
export const instantOf = (local: string) => Date.parse(`${local.replace(' ', 'T')}:00Z`);
const localOf = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const byDeparture = (a: FlightRecord, b: FlightRecord) =>
  instantOf(a.departure) - instantOf(b.departure);

const rulesOf = (script: RulesScript | undefined): Rules | null =>
  script
    ? {
        refundable: script.refundable,
        refundPenalty: centsOf(script.refundPenalty),
        changeable: script.changeable,
        changePenalty: centsOf(script.changePenalty),
        currency: script.currency,
      }
    : null;

export type World = ReturnType<typeof createWorld>;

export function createWorld(options: { now: () => Date; pcc: string; agentSine: string }) {
  const { now } = options;
  const pnrs = new Map<string, PnrRecord>();
  /** PCC → queue number → locators in queue order, with when each was placed. */
  const queues = new Map<string, Map<number, { locator: string; placedAt: string }[]>>();
  let seed = 0x2545f491;
  let items = 10;
  let tickets = 0;
  let transactions = 0;

  const at = () => now().toISOString();
  const today = () => at().slice(0, 10);

  function letters() {
    let text = '';
    for (let index = 0; index < 6; index += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      text += LETTERS[(seed >> 8) % 26];
    }
    return text;
  }

  function newLocator() {
    let locator = letters();
    while (pnrs.has(locator)) locator = letters();
    return locator;
  }

  const nextItemId = () => String((items += 1));

  function find(locator: string) {
    return pnrs.get(locator.toUpperCase());
  }

  /** The PNR, for a control: a locator the test never made is the test's own mistake. */
  function pnrOf(locator: string) {
    const pnr = find(locator);
    if (!pnr) throw new Error(`no PNR ${locator} in the stand-in`);
    return pnr;
  }

  function flightOf(pnr: PnrRecord, itemId: string) {
    const flight = pnr.flights.find((each) => each.itemId === itemId);
    if (!flight) throw new Error(`PNR ${pnr.locator} has no flight ${itemId}`);
    return flight;
  }

  function airlineLocatorOf(pnr: Pick<PnrRecord, 'flights'>, airline: string) {
    return pnr.flights.find((flight) => flight.airline === airline)?.airlineLocator ?? letters();
  }

  function flightRecord(pnr: Pick<PnrRecord, 'flights'>, script: FlightScript): FlightRecord {
    return {
      itemId: nextItemId(),
      airline: script.airline,
      flightNumber: Number(script.flightNumber),
      operatingAirline: script.operatingAirline ?? script.airline,
      from: script.from,
      to: script.to,
      departure: script.departure,
      arrival: script.arrival,
      bookingClass: script.bookingClass,
      status: script.status ?? 'HK',
      aircraft: script.aircraft ?? null,
      airlineLocator: airlineLocatorOf(pnr, script.airline),
    };
  }

  function record(
    pnr: PnrRecord,
    entries: { action: 'AS' | 'XS'; flight: FlightRecord }[],
    who: { at?: string; receivedFrom?: string; agentSine?: string } = {},
  ) {
    if (entries.length === 0) return;
    transactions += 1;
    for (const entry of entries)
      pnr.history.push({
        ...entry,
        flight: { ...entry.flight },
        at: who.at ?? at(),
        transaction: transactions,
        travelers: pnr.travelers.length,
        receivedFrom: who.receivedFrom ?? 'API',
        agentSine: who.agentSine ?? pnr.agentSine,
        pcc: pnr.pcc,
      });
  }

  function changed(pnr: PnrRecord) {
    pnr.flights.sort(byDeparture);
    pnr.version += 1;
  }

  function ticketNumber(airline: string) {
    tickets += 1;
    return `${TICKET_PREFIX[airline] ?? '999'}${String(2_400_000_000 + tickets)}`;
  }

  function issue(pnr: PnrRecord): TicketRecord[] {
    const fare = pnr.fare;
    if (!fare) return [];
    const active = pnr.flights.filter((flight) => !INACTIVE.has(flight.status));
    const airline = active[0]?.airline ?? pnr.flights[0]?.airline ?? 'YY';
    const issued = pnr.travelers.map((_traveler, index) => ({
      number: ticketNumber(airline),
      date: today(),
      airline,
      travelerIndex: index + 1,
      itemIds: active.map((flight) => flight.itemId),
      total: fare.total,
      taxes: fare.taxes,
      currency: fare.currency,
      status: 'Issued' as const,
      pcc: pnr.pcc,
    }));
    pnr.tickets.push(...issued);
    return issued;
  }

  function addPnr(script: PnrScript): string {
    const locator = script.locator?.toUpperCase() ?? newLocator();
    if (!/^[A-Z]{6}$/.test(locator)) throw new Error(`a locator is 6 letters, not ${locator}`);
    if (pnrs.has(locator)) throw new Error(`PNR ${locator} exists already`);
    const createdAt = script.createdAt ?? at();
    const pnr: PnrRecord = {
      locator,
      pcc: script.pcc ?? options.pcc,
      agentSine: script.agentSine ?? options.agentSine,
      createdAt,
      travelers: script.travelers.map((traveler) => ({
        ...traveler,
        passengerCode: traveler.passengerCode ?? 'ADT',
      })),
      flights: [],
      fare: script.fare
        ? {
            recordId: '1',
            fareBasis: script.fare.fareBasis,
            total: centsOf(script.fare.total),
            taxes: centsOf(script.fare.taxes),
            currency: script.fare.currency,
            freeBags: script.fare.freeBags ?? null,
            createdAt,
          }
        : null,
      rules: rulesOf(script.rules),
      deadline: script.deadline ?? null,
      customerNumber: script.customerNumber ?? null,
      contact: { emails: script.contact?.emails ?? [], phones: script.contact?.phones ?? [] },
      remarks: script.remarks ?? [],
      tickets: [],
      history: [],
      version: 1,
      lowerFare: null,
      reissueQuotes: [],
      futureTicketing: null,
      nextPriceQuote: 2,
    };
    for (const flight of script.flights) pnr.flights.push(flightRecord(pnr, flight));
    pnr.flights.sort(byDeparture);
    record(
      pnr,
      pnr.flights.map((flight) => ({ action: 'AS', flight })),
      { at: createdAt },
    );
    if (script.ticketed) issue(pnr);
    pnrs.set(locator, pnr);
    return locator;
  }

  // ---- queues ------------------------------------------------------------------------------

  function queueOf(pcc: string, number: number) {
    let byNumber = queues.get(pcc);
    if (!byNumber) queues.set(pcc, (byNumber = new Map()));
    let items = byNumber.get(number);
    if (!items) byNumber.set(number, (items = []));
    return items;
  }

  function placeOnQueue(locator: string, queue: number, pcc?: string) {
    const pnr = pnrOf(locator);
    const items = queueOf(pcc ?? pnr.pcc, queue);
    if (!items.some((item) => item.locator === pnr.locator))
      items.push({ locator: pnr.locator, placedAt: at() });
  }

  function removeFromQueue(pcc: string, queue: number, locator: string): boolean {
    const items = queueOf(pcc, queue);
    const index = items.findIndex((item) => item.locator === locator);
    if (index < 0) return false;
    items.splice(index, 1);
    return true;
  }

  /** The non-empty queues of a PCC, by number. */
  function queueCounts(pcc: string): [number, number][] {
    return [...(queues.get(pcc) ?? new Map<number, unknown[]>())]
      .filter(([, items]) => items.length > 0)
      .map(([number, items]): [number, number] => [number, items.length])
      .sort(([a], [b]) => a - b);
  }

  // ---- airline events ----------------------------------------------------------------------

  const daysAhead = (flight: FlightRecord) =>
    (instantOf(flight.departure) - now().getTime()) / 86_400_000;

  /** A schedule change: the old flight UN, the new times TK, queue 5 (17 days) or 6. */
  function retime(locator: string, itemId: string, times: { departure: string; arrival: string }) {
    const pnr = pnrOf(locator);
    const old = flightOf(pnr, itemId);
    old.status = 'UN';
    const moved: FlightRecord = { ...old, ...times, itemId: nextItemId(), status: 'TK' };
    pnr.flights.push(moved);
    record(pnr, [{ action: 'AS', flight: moved }], { receivedFrom: old.airline, agentSine: '' });
    changed(pnr);
    placeOnQueue(locator, daysAhead(moved) <= 17 ? 5 : 6);
    return moved.itemId;
  }

  /** The waitlist cleared: HL becomes KL, queue 17 (departure within 24 hours) or 18. */
  function clearWaitlist(locator: string, itemId: string) {
    const pnr = pnrOf(locator);
    const flight = flightOf(pnr, itemId);
    if (flight.status !== 'HL') throw new Error(`flight ${itemId} is ${flight.status}, not HL`);
    flight.status = 'KL';
    changed(pnr);
    placeOnQueue(locator, daysAhead(flight) <= 1 ? 17 : 18);
  }

  function cancelByAirline(locator: string, itemId: string) {
    const pnr = pnrOf(locator);
    flightOf(pnr, itemId).status = 'HX';
    changed(pnr);
    placeOnQueue(locator, 7);
  }

  /** The ticketing deadline passed: it is now at the latest, and the PNR is on queue 9. */
  function lapseDeadline(locator: string) {
    const pnr = pnrOf(locator);
    const current = at().slice(0, 16);
    if (!pnr.deadline || pnr.deadline > current) {
      pnr.deadline = current;
      changed(pnr);
    }
    placeOnQueue(locator, 9);
  }

  function offerLowerFare(locator: string, fare: LowerFareScript) {
    pnrOf(locator).lowerFare = {
      fareBasis: fare.fareBasis,
      bookingClass: fare.bookingClass,
      total: centsOf(fare.total),
      taxes: centsOf(fare.taxes),
      currency: fare.currency,
      rules: rulesOf(fare.rules),
    };
  }

  /** Sells and cancels in the PNR's history alone, as rebooking the same flight leaves it. */
  function churn(locator: string, events: ChurnScript) {
    const pnr = pnrOf(locator);
    for (const event of events)
      record(
        pnr,
        [
          {
            action: event.action === 'sell' ? 'AS' : 'XS',
            flight: flightRecord(pnr, event.flight),
          },
        ],
        { at: event.at },
      );
  }

  // ---- what the services do ----------------------------------------------------------------

  /**
   * A session's work on the PNR made permanent (an end of transaction): flights it removed are
   * cancelled in the history, everything else it changed replaces what the PNR held.
   */
  function commit(working: PnrRecord, receivedFrom: string) {
    const pnr = pnrOf(working.locator);
    const kept = new Set(working.flights.map((flight) => flight.itemId));
    const removed = pnr.flights.filter((flight) => !kept.has(flight.itemId));
    const known = new Set(pnr.flights.map((flight) => flight.itemId));
    const added = working.flights.filter((flight) => !known.has(flight.itemId));
    record(
      pnr,
      [
        ...removed.map((flight) => ({ action: 'XS' as const, flight })),
        ...added.map((flight) => ({ action: 'AS' as const, flight })),
      ],
      { receivedFrom },
    );
    pnr.flights = working.flights.map((flight) => ({ ...flight }));
    pnr.fare = working.fare && { ...working.fare };
    pnr.rules = working.rules && { ...working.rules };
    pnr.nextPriceQuote = working.nextPriceQuote;
    changed(pnr);
  }

  /** An end of transaction's ScheduleChange: TK confirmed, the unconfirmed removed. */
  function acceptScheduleChanges(working: PnrRecord) {
    working.flights = working.flights.filter(
      (flight) => !SCHEDULE_CHANGE_REMOVES.has(flight.status),
    );
    for (const flight of working.flights) if (flight.status === 'TK') flight.status = 'HK';
  }

  function cancelFlights(locator: string, itemIds: string[], receivedFrom: string) {
    const pnr = pnrOf(locator);
    const cancelled = pnr.flights.filter((flight) => itemIds.includes(flight.itemId));
    pnr.flights = pnr.flights.filter((flight) => !itemIds.includes(flight.itemId));
    record(
      pnr,
      cancelled.map((flight) => ({ action: 'XS', flight })),
      { receivedFrom },
    );
    changed(pnr);
  }

  const isVoidable = (ticket: TicketRecord) =>
    ticket.status === 'Issued' && ticket.date === today();
  const isRefundable = (pnr: PnrRecord, ticket: TicketRecord) =>
    ticket.status === 'Issued' && pnr.rules?.refundable === true;

  function setTickets(pnr: PnrRecord, numbers: string[], status: TicketStatus) {
    for (const ticket of pnr.tickets) if (numbers.includes(ticket.number)) ticket.status = status;
    changed(pnr);
  }

  /** Fulfillment of the named price quotes: one ticket per traveller. */
  function fulfill(locator: string, recordIds: string[]): TicketRecord[] {
    const pnr = find(locator);
    if (!pnr) throw bookingNotFound();
    const refuse = (type: string, description: string) =>
      new BookingRefusal([{ category: 'APPLICATION_ERROR', type, description }]);
    if (!pnr.fare || recordIds.some((id) => id !== pnr.fare?.recordId))
      throw refuse('PRICE_QUOTE_NOT_FOUND', 'No stored fare matches priceQuoteRecordIds.');
    if (pnr.flights.every((flight) => INACTIVE.has(flight.status)))
      throw refuse('UNABLE_TO_ISSUE_TICKET', 'AirTicketLLSRQ: NO ITINERARY');
    if (pnr.tickets.some((ticket) => ticket.status === 'Issued'))
      throw refuse('UNABLE_TO_ISSUE_TICKET', 'AirTicketLLSRQ: DUPLICATE TICKETS FOUND');
    const issued = issue(pnr);
    changed(pnr);
    return issued;
  }

  /**
   * Exchange Booking: the open tickets' flights sold again in the lower fare's class and a
   * reissue quote stored per ticket, in one end of transaction. Null when there is no such
   * fare or a ticket is not open.
   */
  function exchange(locator: string, tickets: string[], bookingClass: string) {
    const pnr = find(locator);
    const fare = pnr?.lowerFare;
    if (!pnr || !fare || fare.bookingClass !== bookingClass) return null;
    const open = tickets.map((number) =>
      pnr.tickets.find((ticket) => ticket.number === number && ticket.status === 'Issued'),
    );
    if (open.some((ticket) => ticket === undefined)) return null;
    for (const flight of pnr.flights)
      if (!INACTIVE.has(flight.status)) flight.bookingClass = bookingClass;
    const quotes = tickets.map((ticket) => {
      const quote = { number: pnr.nextPriceQuote, ticket, fare };
      pnr.nextPriceQuote += 1;
      return quote;
    });
    pnr.reissueQuotes.push(...quotes);
    changed(pnr);
    return quotes;
  }

  /** AirTicketRQ on reissue quotes: each old ticket exchanged for a new one at the new fare. */
  function reissue(locator: string, numbers: number[]): TicketRecord[] | null {
    const pnr = find(locator);
    if (!pnr) return null;
    const quotes = numbers.map((number) =>
      pnr.reissueQuotes.find((quote) => quote.number === number),
    );
    if (quotes.length === 0 || quotes.some((quote) => quote === undefined)) return null;
    const issued: TicketRecord[] = [];
    for (const quote of quotes) {
      if (!quote) continue;
      const old = pnr.tickets.find((ticket) => ticket.number === quote.ticket);
      if (!old || old.status !== 'Issued') return null;
      old.status = 'Refunded/Exchanged';
      const ticket: TicketRecord = {
        ...old,
        number: ticketNumber(old.airline),
        date: today(),
        total: quote.fare.total,
        taxes: quote.fare.taxes,
        status: 'Issued',
      };
      pnr.tickets.push(ticket);
      issued.push(ticket);
      pnr.fare = {
        recordId: String(quote.number),
        fareBasis: quote.fare.fareBasis,
        total: quote.fare.total,
        taxes: quote.fare.taxes,
        currency: quote.fare.currency,
        freeBags: pnr.fare?.freeBags ?? null,
        createdAt: now().toISOString(),
      };
      pnr.rules = quote.fare.rules ?? pnr.rules;
    }
    pnr.reissueQuotes = pnr.reissueQuotes.filter((quote) => !numbers.includes(quote.number));
    pnr.lowerFare = null;
    changed(pnr);
    return issued;
  }

  /** A booking as Booking Management's createBooking makes it: sold, no fare stored. */
  function createBooking(input: {
    pcc?: string;
    travelers: TravelerScript[];
    flights: FlightScript[];
    customerNumber?: string;
    contact?: { emails?: string[]; phones?: string[] };
    remarks?: string[];
    deadline?: string;
    futureTicketing?: PnrRecord['futureTicketing'];
    receivedFrom: string;
  }): string {
    const locator = addPnr({
      pcc: input.pcc,
      travelers: input.travelers,
      flights: input.flights,
      customerNumber: input.customerNumber,
      contact: input.contact,
      remarks: input.remarks,
      deadline: input.deadline,
    });
    const pnr = pnrOf(locator);
    pnr.futureTicketing = input.futureTicketing ?? null;
    for (const entry of pnr.history) entry.receivedFrom = input.receivedFrom;
    return locator;
  }

  function findTicket(number: string) {
    for (const pnr of pnrs.values()) {
      const ticket = pnr.tickets.find((each) => each.number === number);
      if (ticket) return { pnr, ticket };
    }
    return undefined;
  }

  function queueItems(pcc: string, number: number) {
    return [...queueOf(pcc, number)];
  }

  return {
    pnrs,
    find,
    pnrOf,
    addPnr,
    placeOnQueue,
    removeFromQueue,
    queueItems,
    queue: (pcc: string, number: number) => queueItems(pcc, number).map((item) => item.locator),
    queueCounts,
    retime,
    clearWaitlist,
    cancelByAirline,
    lapseDeadline,
    offerLowerFare,
    churn,
    commit,
    acceptScheduleChanges,
    cancelFlights,
    isVoidable,
    isRefundable,
    setTickets,
    fulfill,
    exchange,
    reissue,
    createBooking,
    findTicket,
    localOf,
  };
}
