import { describe, expect, it } from 'vitest';
import { DUFFEL_CAPABILITIES } from '@/gds/capabilities';
import { decisionsOf, type CheckJudgement } from './check-decisions';
import { detectAll } from './detectors';
import {
  aBooking,
  aFare,
  anInput,
  aPending,
  aSegment,
  settingsWith,
} from './detectors/testing/booking-builder';

const judge = (over: Partial<CheckJudgement> = {}): CheckJudgement => ({
  input: anInput(),
  settings: settingsWith(),
  repriceNextAt: null,
  candidates: [],
  created: [],
  withdrawn: [],
  ...over,
});

const decisionOf = (judgement: CheckJudgement, detector: string) =>
  decisionsOf(judgement).find((decision) => decision.detector === detector);

describe('decisionsOf', () => {
  it('should decide once per detector in the panels order', () => {
    expect(decisionsOf(judge()).map((d) => d.detector)).toEqual([
      'Reprice',
      'SegmentRemoval',
      'Churning',
      'DuplicateBooking',
      'TicketingDue',
      'Reschedule',
      'HoldsWaitlist',
      'CreditExpiry',
    ]);
  });

  it("should skip what the booking's provider cannot support and name the provider", () => {
    const judgement = judge({ support: { provider: 'DUFFEL', capabilities: DUFFEL_CAPABILITIES } });

    expect(decisionOf(judgement, 'Churning')).toMatchObject({
      outcome: 'skipped',
      reason: 'Duffel keeps no segment history',
    });
    expect(decisionOf(judgement, 'HoldsWaitlist')).toMatchObject({
      outcome: 'skipped',
      reason: 'Duffel has no waitlists',
    });
    expect(decisionOf(judgement, 'Reschedule')?.outcome).toBe('nothing');
  });

  it('should say raised with the notification ids when a candidate was written', () => {
    const input = anInput({ current: aBooking({ lastPurchaseAt: '2026-03-02T08:00:00.000Z' }) });
    const candidates = detectAll(input, settingsWith());

    const decision = decisionOf(
      judge({ input, candidates, created: [{ id: 41, type: 'TicketingDue' }] }),
      'TicketingDue',
    );

    expect(decision).toEqual({
      detector: 'TicketingDue',
      outcome: 'raised',
      reason: 'Issue tickets by 02/03/2026 08:00 UTC',
      notificationIds: [41],
    });
  });

  it('should say nothing, already raised, when the candidate was a duplicate', () => {
    const input = anInput({ current: aBooking({ lastPurchaseAt: '2026-03-02T08:00:00.000Z' }) });
    const candidates = detectAll(input, settingsWith());

    expect(decisionOf(judge({ input, candidates }), 'TicketingDue')).toMatchObject({
      outcome: 'nothing',
      reason: 'already raised: Issue tickets by 02/03/2026 08:00 UTC',
    });
  });

  it('should give the saving below the minimum amount when a lower fare is too little', () => {
    const input = anInput({ offers: [aFare({ fareBasis: 'YB', total: 987.6 })] });
    const settings = settingsWith({ reprice: { minSavingAmount: 15, minSavingPercent: null } });

    expect(decisionOf(judge({ input, settings }), 'Reprice')).toMatchObject({
      outcome: 'nothing',
      reason: 'gross 12.40 USD, net 12.40 USD (cash): below the minimum 15.00',
    });
  });

  it('should give the percentage when the saving misses the minimum percent', () => {
    const input = anInput({ offers: [aFare({ total: 990 })] });
    const settings = settingsWith({ reprice: { minSavingAmount: null, minSavingPercent: 2 } });

    expect(decisionOf(judge({ input, settings }), 'Reprice')?.reason).toBe(
      'gross 10.00 USD, net 10.00 USD (cash), 1.0% of the fare: below the minimum 2%',
    );
  });

  it('should name the pending reprice that already saves as much', () => {
    const input = anInput({
      offers: [aFare({ total: 900 })],
      pending: [aPending({ type: 'Reprice', potentialSaving: 150 })],
    });

    expect(decisionOf(judge({ input }), 'Reprice')?.reason).toBe(
      'gross 100.00 USD, net 100.00 USD (cash): a pending reprice already saves 150.00 USD',
    );
  });

  it('should skip reprice until fares are shopped again', () => {
    const decision = decisionOf(
      judge({ repriceNextAt: new Date('2026-03-01T16:00:00Z') }),
      'Reprice',
    );

    expect(decision).toMatchObject({
      outcome: 'skipped',
      reason: 'fares are shopped next at 01/03/2026 16:00 UTC',
    });
  });

  it('should skip reprice with the reason its fares could not be read, and judge the others', () => {
    const input = anInput({ current: aBooking({ lastPurchaseAt: '2026-03-02T08:00:00.000Z' }) });
    const candidates = detectAll(input, settingsWith());
    const judgement = judge({
      input,
      candidates,
      created: [{ id: 41, type: 'TicketingDue' }],
      faresError: 'order_change_offers.0.penalty_amount: Required',
    });

    expect(decisionOf(judgement, 'Reprice')).toMatchObject({
      outcome: 'skipped',
      reason: 'the fares could not be read: order_change_offers.0.penalty_amount: Required',
    });
    expect(decisionOf(judgement, 'TicketingDue')).toMatchObject({
      outcome: 'raised',
      notificationIds: [41],
    });
  });

  it('should skip a detector the branch switched off', () => {
    const settings = settingsWith({ churning: { enabled: false } });

    expect(decisionOf(judge({ settings }), 'Churning')).toMatchObject({
      outcome: 'skipped',
      reason: "off in the branch's process settings",
    });
  });

  it('should skip every detector when the booking is cancelled', () => {
    const input = anInput({ current: aBooking({ isCancelled: true }) });

    const decisions = decisionsOf(judge({ input })).filter((d) => d.detector !== 'CreditExpiry');

    expect(new Set(decisions.map((d) => `${d.outcome}: ${d.reason}`))).toEqual(
      new Set(['skipped: the booking is cancelled']),
    );
  });

  it("should say a credit's expiry is the ledger sweep's, whatever becomes of the booking", () => {
    const cancelled = anInput({ current: aBooking({ isCancelled: true }) });

    for (const input of [anInput(), cancelled]) {
      expect(decisionOf(judge({ input }), 'CreditExpiry')).toEqual({
        detector: 'CreditExpiry',
        outcome: 'skipped',
        reason: "warned of by the credits ledger's sweep, by date, not on a check",
        notificationIds: [],
      });
    }
  });

  it('should explain a ticketing deadline beyond the window', () => {
    const input = anInput({ current: aBooking({ lastPurchaseAt: '2026-03-05T09:30:00.000Z' }) });

    expect(decisionOf(judge({ input }), 'TicketingDue')?.reason).toBe(
      'deadline in 97 hours 30 minutes, beyond the 72-hour window',
    );
  });

  it('should tell a still waitlisted segment from a booking with none', () => {
    const held = aBooking({ segments: [aSegment({ status: 'HL' })] });
    const input = anInput({ previous: held, current: held });

    expect(decisionOf(judge({ input }), 'HoldsWaitlist')?.reason).toBe(
      '1 segment still waitlisted (HL), none cleared yet',
    );
    expect(decisionOf(judge(), 'HoldsWaitlist')?.reason).toBe(
      'no segment waitlisted (HL) or waiting to be accepted (KL, KK)',
    );
  });
});
