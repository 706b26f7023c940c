import { journeyCountOf, localDayText, utcTimeText } from '@smt/shared';
import type { FareQuote, GdsBooking, Penalties, Residual } from '@/gds/gds-types';

// What a reprice saves the agency, net of what it costs (docs/decisions/037): the fare
// difference, less the change fee per ticket when the booking is already ticketed (the
// reissue is a change of the ticket, under the ticketed fare's rules), less the checked bags
// the new fare no longer includes, paid per passenger and per journey. Where the provider
// states what confirming the change moves (a Duffel change offer's `change_total_amount`,
// penalties included), that figure is the difference and no fee is added to it. Money is
// counted in whole cents so that 0.1 + 0.2 never decides a threshold.
//
// A ticket reissued for less leaves a difference the fare's rules decide (docs/decisions/067):
// refunded in cash less the refund penalty per ticket, kept as an airline credit, or forfeited.
// The saving says which kind of money it is, and never adds one kind to the other.
//
// Inside the agency's void window a ticket is voided and issued again at the new fare: no
// change fee, no residual, the whole fare back to the form of payment. A reissue outside it
// costs the agency its own reissue fee per ticket too (docs/decisions/068).

export const cents = (amount: number) => Math.round(amount * 100);

export type RepriceSaving = {
  currency: string;
  /**
   * Old total less new total; where the provider states what the change moves, what comes
   * back by its figure (negative: what the change costs), its penalties included.
   */
  grossCents: number;
  /**
   * Tickets reissued under the fare's change rules and the change fee of each; 0 tickets before
   * ticketing, inside the void window and for a provider's stated change.
   */
  tickets: number;
  changeFeeCents: number;
  /** The refund penalty of each ticket whose difference is refunded in cash; 0 otherwise. */
  refundFeeCents: number;
  /** Tickets the agency issues again (reissued or voided and issued); 0 before ticketing. */
  reissues: number;
  /** The agency's own reissue fee per ticket, deducted (in the fare's currency); 0 otherwise. */
  agencyFeeCents: number;
  /**
   * The agency's fee where it is in another currency than the fare: not deducted, said apart
   * (no rate to convert it by); null otherwise.
   */
  agencyFeeApart: { amountCents: number; currency: string } | null;
  /** The reprice is by void and rebook until then (ISO, UTC); null for a reissue or before ticketing. */
  voidUntil: string | null;
  /** The last day a credit kept by the airline can be used ('yyyy-MM-dd'); null when not credit or not known. */
  creditExpiresOn: string | null;
  /**
   * What the net is: money paid back or not paid (cash), or value kept with the airline for a
   * later ticket (credit). Before ticketing it is cash: the agency pays less when it tickets.
   */
  kind: 'cash' | 'credit';
  /** Free bags per passenger the new fare drops, and what buying them back costs in all. */
  bagsLost: number;
  bagsCostCents: number;
  /** Where bags are lost but the fare names no price for one: the cost is not known. */
  bagPriceUnknown: boolean;
  netCents: number;
  /** The gross is the provider's own figure (FareQuote.changeTotal), not worked out here. */
  stated: boolean;
  /** Where money coming back goes, as the provider says; null when it does not say. */
  refundTo: 'cash' | 'credit' | null;
};

export type SavingVerdict = { ok: true; saving: RepriceSaving } | { ok: false; reason: string };

/**
 * What the agency's own terms add to a reissue (docs/decisions/068): its fee per ticket, and how
 * long after issue a ticket can be voided instead (0: never, as where the provider cannot void).
 */
export type ReissueTerms = {
  now: Date;
  reissueFee: number;
  feeCurrency: string;
  voidWindowHours: number;
};

/** No agency fee and no void window: the fare's rules alone. */
export const FARE_RULES_ONLY: ReissueTerms = {
  now: new Date(0),
  reissueFee: 0,
  feeCurrency: 'USD',
  voidWindowHours: 0,
};

/** The terms of a branch's reprice settings at the reservation system's time. */
export const reissueTermsOf = (
  settings: Pick<ReissueTerms, 'reissueFee' | 'feeCurrency' | 'voidWindowHours'>,
  now: Date,
): ReissueTerms => ({
  now,
  reissueFee: settings.reissueFee,
  feeCurrency: settings.feeCurrency,
  voidWindowHours: settings.voidWindowHours,
});

const HOUR = 3_600_000;

/**
 * Until when the booking's tickets can be voided rather than reissued: the agency's window from
 * issue, never past the first departure, and only while the provider still calls them voidable;
 * null outside it.
 */
export function voidUntilOf(booking: GdsBooking, terms: ReissueTerms): string | null {
  if (!booking.isTicketed || !booking.isVoidable || booking.ticketedAt === null) return null;
  if (terms.voidWindowHours <= 0) return null;
  const issued = Date.parse(booking.ticketedAt);
  if (Number.isNaN(issued)) return null;
  const departures = booking.segments
    .map((segment) => Date.parse(segment.departsAt))
    .filter((at) => !Number.isNaN(at));
  const closes = Math.min(issued + terms.voidWindowHours * HOUR, ...departures);
  return terms.now.getTime() < closes ? new Date(closes).toISOString() : null;
}

/**
 * The last day of a ticket's validity, and so of a residual kept as credit: a year from its
 * issue (IATA Recommended Practice 1724, General Conditions of Carriage, 3.2.1: a ticket is
 * valid for one year from its date of issue), the month's last day where that day does not
 * exist (29 February). Null when the issue is not known.
 */
export function ticketValidityEnd(issuedAt: string | null): string | null {
  if (issuedAt === null) return null;
  const issued = new Date(issuedAt);
  if (Number.isNaN(issued.getTime())) return null;
  const year = issued.getUTCFullYear() + 1;
  const month = issued.getUTCMonth();
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(issued.getUTCDate(), lastOfMonth);
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/** The last day a residual the airline keeps as credit can be used: the ticket's validity. */
export const creditExpiryOf = (booking: GdsBooking): string | null =>
  ticketValidityEnd(booking.ticketedAt);

/** 12345 cents, 'USD' → '123.45 USD', as the alerts and PNR info reasons write money. */
export const money = (amountCents: number, currency: string) =>
  `${(amountCents / 100).toFixed(2)} ${currency}`;

/** Infants travel on an adult's ticket allowance and seat: no bag of their own to buy back. */
const bagPassengers = (booking: GdsBooking) =>
  booking.passengers.filter((passenger) => passenger.type !== 'INF').length;

/**
 * What a ticket reissued for less does with the difference: as its fare says where the
 * provider tells; otherwise a refundable fare refunds it (less its refund penalty) and any
 * other keeps it as airline credit, as most carriers' rules do (docs/decisions/067).
 */
export const residualOf = (penalties: Penalties): Residual =>
  penalties.residual ?? (penalties.refund.allowed ? 'refund' : 'credit');

export function repriceSavingOf(
  booking: GdsBooking,
  stored: FareQuote,
  offer: FareQuote,
  terms: ReissueTerms = FARE_RULES_ONLY,
): SavingVerdict {
  if (offer.currency !== stored.currency) {
    return {
      ok: false,
      reason: `offer in ${offer.currency}, fare in ${stored.currency}: no rate to compare`,
    };
  }
  const currency = stored.currency;
  const changeTotal = offer.changeTotal ?? null;
  const stated = changeTotal !== null;
  // The provider's figure already holds the change's penalties, for every ticket it reissues
  // (0 - x rather than -x: a change that moves nothing saves 0, not -0).
  const grossCents = stated ? 0 - cents(changeTotal) : cents(stored.total) - cents(offer.total);

  let tickets = 0;
  let changeFeeCents = 0;
  let refundFeeCents = 0;
  let creditExpiresOn: string | null = null;
  // What comes back from the provider's change goes where it says; what it costs is money.
  let kind: RepriceSaving['kind'] =
    stated && offer.refundTo === 'credit' && grossCents > 0 ? 'credit' : 'cash';
  // A void gives the whole ticket back to the form of payment: the new one is simply cheaper.
  const voidUntil = stated ? null : voidUntilOf(booking, terms);
  if (booking.isTicketed && !stated && voidUntil === null) {
    const { penalties } = stored;
    const change = penalties.change;
    if (!change.allowed) return { ok: false, reason: 'the ticketed fare cannot be changed' };
    const residual = residualOf(penalties);
    if (residual === 'forfeit') {
      return {
        ok: false,
        reason: 'the ticketed fare forfeits the difference on a reissue: nothing comes back',
      };
    }
    const refundFee =
      residual === 'refund' && penalties.refund.allowed ? penalties.refund.amount : 0;
    if ((change.amount > 0 || refundFee > 0) && penalties.currency !== currency) {
      return {
        ok: false,
        reason: `change fee in ${penalties.currency}, fare in ${currency}: no rate to compare`,
      };
    }
    tickets = booking.passengers.length;
    changeFeeCents = cents(change.amount);
    refundFeeCents = cents(refundFee);
    kind = residual === 'refund' ? 'cash' : 'credit';
    if (kind === 'credit') creditExpiresOn = creditExpiryOf(booking);
  }

  // The agency's own fee is charged for each ticket it issues again, by reissue or void.
  let agencyFeeCents = 0;
  let agencyFeeApart: RepriceSaving['agencyFeeApart'] = null;
  const reissues = booking.isTicketed ? booking.passengers.length : 0;
  if (reissues > 0 && terms.reissueFee > 0) {
    if (terms.feeCurrency === currency) agencyFeeCents = cents(terms.reissueFee);
    else agencyFeeApart = { amountCents: cents(terms.reissueFee), currency: terms.feeCurrency };
  }

  const bagsLost = Math.max(0, stored.freeBags - offer.freeBags);
  let bagsCostCents = 0;
  let bagPriceUnknown = false;
  if (bagsLost > 0) {
    if (offer.bagCost === null) bagPriceUnknown = true;
    else {
      const segments = offer.segmentIds.flatMap(
        (id) => booking.segments.find((segment) => segment.id === id) ?? [],
      );
      bagsCostCents =
        cents(offer.bagCost) * bagsLost * bagPassengers(booking) * journeyCountOf(segments);
    }
  }

  return {
    ok: true,
    saving: {
      currency,
      grossCents,
      tickets,
      changeFeeCents,
      refundFeeCents,
      agencyFeeCents,
      agencyFeeApart,
      kind,
      bagsLost,
      bagsCostCents,
      bagPriceUnknown,
      reissues,
      netCents:
        grossCents -
        tickets * (changeFeeCents + refundFeeCents) -
        reissues * agencyFeeCents -
        bagsCostCents,
      stated,
      refundTo: stated ? (offer.refundTo ?? null) : null,
      voidUntil,
      creditExpiresOn,
    },
  };
}

/**
 * Whether the offer costs less than the stored fare before any deduction: by the provider's
 * figure where it states one (something comes back), else by the totals.
 */
export const isCheaper = (stored: FareQuote, offer: FareQuote): boolean =>
  offer.changeTotal !== undefined && offer.changeTotal !== null
    ? cents(offer.changeTotal) < 0
    : offer.currency === stored.currency && cents(offer.total) < cents(stored.total);

/**
 * What follows an amount that comes back as credit with the airline or the provider rather
 * than as money ('gives back 70.00 GBP as airline credit'); nothing otherwise.
 */
export const creditClause = (saving: RepriceSaving): string =>
  saving.kind === 'credit' && saving.grossCents > 0 ? ' as airline credit' : '';

/**
 * The kind of money a net saving is, after the amount: ' (cash)' or ' as airline credit';
 * nothing after a net that saves nothing.
 */
export const kindClause = (saving: RepriceSaving): string =>
  saving.netCents <= 0 ? '' : saving.kind === 'credit' ? ' as airline credit' : ' (cash)';

/**
 * The kind with, for a credit, the last day it can be used, as a title says it before 'by
 * repricing…': ' as airline credit, expires 28/11/2027,'; as kindClause otherwise.
 */
export const kindWithExpiry = (saving: RepriceSaving): string =>
  saving.netCents > 0 && saving.kind === 'credit' && saving.creditExpiresOn !== null
    ? ` as airline credit, expires ${localDayText(saving.creditExpiresOn)},`
    : kindClause(saving);

const times = (feeCents: number, tickets: number, currency: string) =>
  `${money(feeCents, currency)} × ${tickets} ticket${tickets === 1 ? '' : 's'} = ${money(feeCents * tickets, currency)}`;

/** What the provider says the change moves, as a sentence's subject: 'gives back 70.00 GBP'. */
const statedMove = (saving: RepriceSaving) =>
  saving.grossCents >= 0
    ? `gives back ${money(saving.grossCents, saving.currency)}${creditClause(saving)}`
    : `costs ${money(-saving.grossCents, saving.currency)}`;

/** The saving's arithmetic as the notification's alerts say it, one line per deduction. */
export function savingAlertsOf(saving: RepriceSaving): string[] {
  const { currency } = saving;
  const lines: string[] = [];
  if (saving.voidUntil !== null)
    lines.push(
      `Void and rebook until ${utcTimeText(saving.voidUntil)}: inside the void window, no change fee`,
    );
  if (saving.tickets > 0) {
    lines.push(`Change fee ${times(saving.changeFeeCents, saving.tickets, currency)} to reissue`);
    if (saving.refundFeeCents > 0)
      lines.push(
        `Refund fee ${times(saving.refundFeeCents, saving.tickets, currency)} on the difference refunded`,
      );
    if (!saving.stated && saving.kind === 'credit')
      lines.push(
        `The fare does not refund the difference: the airline keeps it as credit${
          saving.creditExpiresOn === null
            ? ''
            : `, valid until ${localDayText(saving.creditExpiresOn)}`
        }`,
      );
  }
  if (saving.agencyFeeCents > 0)
    lines.push(`Agency reissue fee ${times(saving.agencyFeeCents, saving.reissues, currency)}`);
  if (saving.agencyFeeApart !== null)
    lines.push(
      `Agency reissue fee ${money(saving.agencyFeeApart.amountCents, saving.agencyFeeApart.currency)} per ticket charged apart: the fare is in ${currency}`,
    );
  if (saving.bagsLost > 0) {
    lines.push(
      saving.bagPriceUnknown
        ? `${saving.bagsLost} free bag${saving.bagsLost === 1 ? '' : 's'} per passenger lost; the fare names no price for a bag`
        : `${saving.bagsLost} free bag${saving.bagsLost === 1 ? '' : 's'} per passenger lost: ${money(saving.bagsCostCents, currency)} to buy back`,
    );
  }
  // The provider's own figure is always spelt out: it is not the difference of the totals.
  if (saving.stated) {
    lines.unshift(`The change ${statedMove(saving)}, penalties included`);
    lines.push(`Net saving ${money(saving.netCents, currency)}${kindClause(saving)}`);
  } else if (lines.length > 0) {
    lines.unshift(`Fare difference ${money(saving.grossCents, currency)}`);
    lines.push(`Net saving ${money(saving.netCents, currency)}${kindClause(saving)}`);
  }
  return lines;
}

/**
 * The arithmetic in one line for PNR info: 'gross 300.00 USD, change fee 2 × 100.00 USD,
 * bags 60.00 USD, net 40.00 USD'. Deductions that do not apply are left out.
 */
export function savingTermsOf(saving: RepriceSaving): string {
  const { currency } = saving;
  const terms = [
    saving.stated
      ? `the change ${statedMove(saving)}`
      : `gross ${money(saving.grossCents, currency)}`,
  ];
  if (saving.voidUntil !== null) terms.push(`by void until ${utcTimeText(saving.voidUntil)}`);
  if (saving.tickets > 0) {
    terms.push(`change fee ${saving.tickets} × ${money(saving.changeFeeCents, currency)}`);
  }
  if (saving.refundFeeCents > 0) {
    terms.push(`refund fee ${saving.tickets} × ${money(saving.refundFeeCents, currency)}`);
  }
  if (saving.agencyFeeCents > 0) {
    terms.push(`agency fee ${saving.reissues} × ${money(saving.agencyFeeCents, currency)}`);
  }
  if (saving.bagsLost > 0) {
    terms.push(
      saving.bagPriceUnknown
        ? 'bags lost at no stated price'
        : `bags ${money(saving.bagsCostCents, currency)}`,
    );
  }
  terms.push(`net ${money(saving.netCents, currency)}${kindClause(saving)}`);
  return terms.join(', ');
}
