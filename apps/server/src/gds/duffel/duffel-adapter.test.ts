import { DuffelError } from '@duffel/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedFlight } from '../../../test/duffel-stand-in/builders';
import { startDuffelStandIn, type DuffelStandIn } from '../../../test/duffel-stand-in/stand-in';
import type { NewOrderScript } from '../../../test/duffel-stand-in/world';
import { guardAllowing } from '../../../test/outgoing-guard';
import { DUFFEL_CAPABILITIES } from '@/gds/capabilities';
import type { GdsBooking, NewBooking } from '@/gds/gds-types';
import { createDuffelGds } from './duffel-adapter';

const T0 = Date.parse('2026-03-01T08:00:00Z');
let clock = T0;
let duffel: DuffelStandIn;
let waits: number[];

const gdsOf = (token?: string) =>
  createDuffelGds({
    token: token ?? duffel.token,
    apiUrl: duffel.url,
    guard: guardAllowing([duffel.url]),
    sleep: async (ms) => {
      waits.push(ms);
    },
  });

const OUT: ScriptedFlight = {
  airline: 'BA',
  flightNumber: '117',
  from: 'LHR',
  to: 'JFK',
  departingAt: '2026-04-10T08:25:00',
  arrivingAt: '2026-04-10T11:15:00',
  fareBasis: 'YLOWGB',
  checkedBags: 1,
};
const BACK: ScriptedFlight = {
  airline: 'BA',
  flightNumber: '112',
  from: 'JFK',
  to: 'LHR',
  departingAt: '2026-04-20T18:30:00',
  arrivingAt: '2026-04-21T06:40:00',
  fareBasis: 'YLOWGB',
  checkedBags: 1,
};

const ORDER: NewOrderScript = {
  bookingReference: 'RZPNX8',
  slices: [[OUT], [BACK]],
  passengers: [
    {
      title: 'mrs',
      givenName: 'Amelia',
      familyName: 'Earhart',
      type: 'adult',
      email: 'amelia@example.com',
      phone: '+442080160509',
    },
    { title: 'mr', givenName: 'Fred', familyName: 'Noonan', type: 'adult' },
  ],
  totalAmount: '1200.00',
  currency: 'GBP',
  conditions: { change: '80.00', refund: null },
};

const HOLD_UNTIL = '2026-03-04T08:00:00Z';
const holdOrder = () => duffel.addOrder({ ...ORDER, hold: { paymentRequiredBy: HOLD_UNTIL } });

const callsTo = (method: string, path: string) =>
  duffel.calls().filter((call) => call.method === method && call.path.startsWith(path));

async function retrieved(orderId: string): Promise<GdsBooking> {
  const booking = await gdsOf().retrieveBooking(orderId);
  if (!booking) throw new Error(`order ${orderId} is missing`);
  return booking;
}

beforeEach(async () => {
  clock = T0;
  waits = [];
  duffel = await startDuffelStandIn({ now: () => new Date(clock) });
});

afterEach(async () => {
  await duffel.close();
});

describe('createDuffelGds', () => {
  it('should say it is Duffel with Duffel’s capabilities and answer what Duffel lacks itself', async () => {
    const gds = gdsOf();
    expect(gds.provider).toBe('DUFFEL');
    expect(gds.capabilities).toBe(DUFFEL_CAPABILITIES);
    expect(await gds.fareRules('YLOWGB')).toBeNull();
    expect(await gds.cancelSegments('ord_1', ['seg_1'])).toEqual({
      ok: false,
      message: 'Duffel cannot cancel single segments: cancel the whole order',
    });
    expect(await gds.confirmWaitlist('ord_1')).toEqual({
      ok: false,
      message: 'Duffel has no waitlists',
    });
    expect(Math.abs((await gds.now()).getTime() - Date.now())).toBeLessThan(5_000);
    expect(duffel.calls()).toEqual([]);
  });
});

describe('retrieveBooking', () => {
  it('should map a paid order when Duffel has it', async () => {
    const id = duffel.addOrder(ORDER);
    const order = duffel.order(id);
    const booking = await retrieved(id);
    expect(booking).toMatchObject({
      locator: 'RZPNX8',
      providerId: id,
      pcc: '',
      type: 'REGULAR',
      createdAt: new Date(T0).toISOString(),
      contact: { name: 'Amelia Earhart', phone: '+442080160509', email: 'amelia@example.com' },
      isTicketed: true,
      ticketedAt: new Date(T0).toISOString(),
      lastPurchaseAt: null,
      isCancelled: false,
      ticketingSupported: false,
      isVoidable: false,
      version: T0,
      scheduleChanges: [],
      hotels: [],
      cars: [],
      remarks: [],
      history: [],
    });
    expect(booking.passengers.map((p) => [p.title, p.firstName, p.lastName, p.type])).toEqual([
      ['MRS', 'Amelia', 'Earhart', 'ADT'],
      ['MR', 'Fred', 'Noonan', 'ADT'],
    ]);
    expect(booking.segments).toEqual([
      {
        id: order.slices[0]?.segments[0]?.id,
        airline: 'BA',
        flightNumber: '117',
        from: 'LHR',
        to: 'JFK',
        departure: '2026-04-10 08:25',
        arrival: '2026-04-10 11:15',
        departsAt: '2026-04-10T07:25:00.000Z',
        arrivesAt: '2026-04-10T15:15:00.000Z',
        flightClass: 'Y',
        status: 'HK',
        aircraft: '320',
      },
      expect.objectContaining({ flightNumber: '112', departsAt: '2026-04-20T22:30:00.000Z' }),
    ]);
    expect(booking.storedFare).toMatchObject({
      cmd: `duffel order ${id}`,
      fareBasis: 'YLOWGB',
      flightClass: 'Y',
      total: 1200,
      currency: 'GBP',
      freeBags: 1,
      bagCost: null,
      // 80.00 for both passengers is 40.00 a ticket.
      penalties: {
        change: { allowed: true, amount: 40 },
        refund: { allowed: false, amount: 0 },
        currency: 'GBP',
      },
      lastPurchase: null,
      passengerTypes: ['ADT', 'ADT'],
    });
  });

  it('should map a hold order as not ticketed with its payment deadline when it awaits payment', async () => {
    const booking = await retrieved(holdOrder());
    expect(booking).toMatchObject({
      isTicketed: false,
      ticketedAt: null,
      lastPurchaseAt: new Date(HOLD_UNTIL).toISOString(),
      ticketingSupported: true,
    });
    expect(booking.storedFare?.lastPurchase).toBe(new Date(HOLD_UNTIL).toISOString());
  });

  it('should make a held price that lapses before the payment deadline the deadline, and say so', async () => {
    const lapses = '2026-03-02T20:00:00Z';
    const id = duffel.addOrder({
      ...ORDER,
      hold: { paymentRequiredBy: HOLD_UNTIL, priceGuaranteeExpiresAt: lapses },
    });
    const booking = await retrieved(id);
    expect(booking).toMatchObject({
      lastPurchaseAt: new Date(lapses).toISOString(),
      priceGuaranteeExpiresAt: new Date(lapses).toISOString(),
      ticketingSupported: true,
    });
    expect(booking.storedFare?.lastPurchase).toBe(new Date(lapses).toISOString());
  });

  it('should name the airline that flies a codeshare flight', async () => {
    const id = duffel.addOrder({
      ...ORDER,
      slices: [[{ ...OUT, operatingAirline: 'AA' }], [BACK]],
    });
    const [out, back] = (await retrieved(id)).segments;
    expect(out).toMatchObject({ airline: 'BA', flightNumber: '117', operatingAirline: 'AA' });
    expect(back).not.toHaveProperty('operatingAirline');
  });

  it('should answer null when Duffel has no such order', async () => {
    expect(await gdsOf().retrieveBooking('ord_0000unknown')).toBeNull();
    expect(callsTo('GET', '/air/orders/ord_0000unknown')).toHaveLength(1);
  });

  it('should throw naming the field when Duffel’s answer does not fit', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.tamper(id, (order) => {
      order.total_amount = 'twelve hundred';
    });
    await expect(gdsOf().retrieveBooking(id)).rejects.toThrow(
      `Duffel's order ${id} does not fit: total_amount: not a decimal amount`,
    );
  });

  it('should throw Duffel’s refusal when the token is not Duffel’s', async () => {
    const refusal = gdsOf('duffel_test_wrong').retrieveBooking('ord_1');
    await expect(refusal).rejects.toBeInstanceOf(DuffelError);
    await expect(refusal).rejects.toMatchObject({ status: 401 });
    expect(waits).toEqual([]);
  });
});

describe('retries', () => {
  it('should wait until ratelimit-reset and try again when Duffel answers 429', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.rateLimitNext(1, 3);
    expect((await retrieved(id)).providerId).toBe(id);
    expect(waits).toEqual([3_000]);
    expect(callsTo('GET', `/air/orders/${id}`).map((call) => call.status)).toEqual([429, 200]);
  });

  it('should give up after the attempts when Duffel stays rate limited', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.rateLimitNext(5, 1);
    await expect(gdsOf().retrieveBooking(id)).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([1_000, 1_000]);
  });

  it('should retry a 503 with a doubling wait and then surface it when it lasts', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.failNext(5, 503);
    await expect(gdsOf().retrieveBooking(id)).rejects.toMatchObject({ status: 503 });
    expect(waits).toEqual([500, 1_000]);
    expect(callsTo('GET', `/air/orders/${id}`)).toHaveLength(3);
  });

  it('should surface a 500 at once when Duffel’s errors page says not to retry it', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.failNext(1, 500);
    await expect(gdsOf().retrieveBooking(id)).rejects.toMatchObject({ status: 500 });
    expect(waits).toEqual([]);
    expect(callsTo('GET', `/air/orders/${id}`)).toHaveLength(1);
  });

  it('should try a read again when the connection drops', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.dropNext(1);
    expect((await retrieved(id)).providerId).toBe(id);
    expect(waits).toEqual([500]);
  });
});

describe('listChangedBookings', () => {
  it('should list every order when there was no earlier look', async () => {
    const ids = [duffel.addOrder(ORDER), holdOrder()];
    expect(await gdsOf().listChangedBookings('ANY', null)).toEqual(ids);
  });

  it('should list the orders Duffel recorded something on at or after the time', async () => {
    const [first, second] = [duffel.addOrder(ORDER), duffel.addOrder(ORDER)];
    const gds = gdsOf();
    expect(await gds.listChangedBookings('ANY', new Date(T0 + 1))).toEqual([]);
    expect(await gds.listChangedBookings('ANY', new Date(T0))).toEqual([first, second]);
    clock = T0 + 60_000;
    duffel.scriptAirlineChange(second ?? '', { newDepartingAt: '2026-04-10T10:25:00' });
    expect(await gds.listChangedBookings('ANY', new Date(T0 + 60_000))).toEqual([second]);
  });

  it('should follow Duffel’s cursor when the orders fill more than a page', async () => {
    const ids = Array.from({ length: 203 }, () => duffel.addOrder(ORDER));
    expect(await gdsOf().listChangedBookings('ANY', null)).toEqual(ids);
    const pages = callsTo('GET', '/air/orders');
    expect(pages).toHaveLength(2);
    expect(pages[1]?.query).toContain(`after=${ids[199]}`);
  });
});

describe('schedule changes', () => {
  it('should show a pending airline change as UN and TK segments with new ids and a ScheduleChange', async () => {
    const id = duffel.addOrder(ORDER);
    const before = await retrieved(id);
    clock = T0 + 3_600_000;
    const changeId = duffel.scriptAirlineChange(id, {
      newDepartingAt: '2026-04-10T10:25:00',
      newFlightNumber: '119',
    });
    const booking = await retrieved(id);
    const [old, moved, back] = booking.segments;
    expect(old).toMatchObject({ id: before.segments[0]?.id, flightNumber: '117', status: 'UN' });
    expect(moved).toMatchObject({
      flightNumber: '119',
      departure: '2026-04-10 10:25',
      arrival: '2026-04-10 13:15',
      departsAt: '2026-04-10T09:25:00.000Z',
      status: 'TK',
    });
    expect(moved?.id).not.toBe(old?.id);
    expect(back).toMatchObject({ id: before.segments[1]?.id, status: 'HK' });
    expect(booking.scheduleChanges).toEqual([
      {
        id: changeId,
        removedSegmentIds: [old?.id],
        addedSegmentIds: [moved?.id],
        actions: ['accept', 'cancel', 'change'],
        detectedAt: new Date(clock).toISOString(),
      },
    ]);
    expect(booking.version).toBeGreaterThan(before.version);
  });

  it.each([
    ['keeps the slice’s id', 'slice'],
    ['gives the slice a new id', 'none'],
  ] as const)(
    'should read a flight the airline re-timed as UN and TK, not cancelled, when Duffel %s and shows the new flight',
    async (_what, keepIds) => {
      const id = duffel.addOrder(ORDER);
      const before = duffel.order(id);
      const changeId = duffel.scriptAirlineChange(id, {
        newDepartingAt: '2026-04-10T12:25:00',
        keepIds,
        orderShows: 'after',
      });
      const order = duffel.order(id);
      expect(order.slices[0]?.id === before.slices[0]?.id).toBe(keepIds === 'slice');
      const booking = await retrieved(id);
      expect(booking.segments.map((s) => [s.flightNumber, s.departure, s.status])).toEqual([
        ['117', '2026-04-10 08:25', 'UN'],
        ['117', '2026-04-10 12:25', 'TK'],
        ['112', '2026-04-20 18:30', 'HK'],
      ]);
      const oldId = before.slices[0]?.segments[0]?.id;
      const newId = order.slices[0]?.segments[0]?.id;
      expect(booking.segments.map((s) => s.id)).toEqual([
        oldId,
        newId,
        before.slices[1]?.segments[0]?.id,
      ]);
      expect(booking.scheduleChanges).toEqual([
        expect.objectContaining({
          id: changeId,
          removedSegmentIds: [oldId],
          addedSegmentIds: [newId],
        }),
      ]);
    },
  );

  it('should take the airline’s new flights when the change is accepted', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptAirlineChange(id, { newDepartingAt: '2026-04-10T10:25:00' });
    const moved = (await retrieved(id)).segments.find((segment) => segment.status === 'TK');
    const result = await gdsOf().acceptScheduleChange(id);
    if (!result.ok) throw new Error(result.message);
    expect(result.booking.segments.map((s) => [s.id, s.status])).toEqual([
      [moved?.id, 'HK'],
      [duffel.order(id).slices[1]?.segments[0]?.id, 'HK'],
    ]);
    expect(result.booking.scheduleChanges).toEqual([]);
    expect(duffel.order(id).airline_initiated_changes[0]?.action_taken).toBe('accepted');
  });

  it('should accept only the change of the segments named when two wait', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptAirlineChange(id, { newDepartingAt: '2026-04-10T10:25:00' });
    duffel.scriptAirlineChange(id, { sliceIndex: 1, newDepartingAt: '2026-04-17T18:40:00' });
    const before = await retrieved(id);
    const [outbound, homebound] = before.scheduleChanges ?? [];
    if (!outbound || !homebound) throw new Error('two changes were scripted');

    const result = await gdsOf().acceptScheduleChange(id, outbound.addedSegmentIds);

    if (!result.ok) throw new Error(result.message);
    expect(result.booking.scheduleChanges?.map((change) => change.id)).toEqual([homebound.id]);
    expect(duffel.order(id).airline_initiated_changes.map((change) => change.action_taken)).toEqual(
      ['accepted', null],
    );
  });

  it('should refuse to accept when no airline change waits', async () => {
    const id = duffel.addOrder(ORDER);
    expect(await gdsOf().acceptScheduleChange(id)).toEqual({
      ok: false,
      message: 'No airline change waits on this order',
    });
    expect(callsTo('POST', '/air/airline_initiated_changes')).toEqual([]);
  });

  it('should refuse to accept a change Duffel cannot accept through its API', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptAirlineChange(id, {
      newDepartingAt: '2026-04-10T10:25:00',
      availableActions: ['update'],
    });
    const result = await gdsOf().acceptScheduleChange(id);
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('contacted') });
  });

  it('should count an acceptance whose answer was lost when Duffel shows it accepted', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptAirlineChange(id, { newDepartingAt: '2026-04-10T10:25:00' });
    duffel.failNext(1, 504, { afterHandling: true, on: 'POST /air/airline_initiated_changes' });
    const result = await gdsOf().acceptScheduleChange(id);
    expect(result.ok).toBe(true);
    expect(callsTo('POST', '/air/airline_initiated_changes')).toHaveLength(1);
  });
});

describe('shopLowerFares and repriceTo', () => {
  const EXPIRES = '2026-03-01T09:00:00Z';

  it('should offer the change offers below the order’s total on its own flights, cheapest first', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1100.00', penalty: '60.00', expiresAt: EXPIRES });
    duffel.scriptCheaperOffer(id, { newTotal: '1300.00', penalty: '0.00', expiresAt: EXPIRES });
    duffel.scriptCheaperOffer(id, {
      newTotal: '900.00',
      penalty: '0.00',
      expiresAt: EXPIRES,
      flightNumber: '999',
    });
    duffel.scriptCheaperOffer(id, { newTotal: '1000.00', penalty: '60.00', expiresAt: EXPIRES });
    const order = duffel.order(id);
    const quotes = await gdsOf().shopLowerFares(id);
    expect(quotes.map((quote) => quote.total)).toEqual([1000, 1100]);
    expect(quotes[0]).toMatchObject({
      cmd: `duffel order change offer ${quotes[0]?.offerId}`,
      currency: 'GBP',
      flightClass: 'Y',
      freeBags: 1,
      bagCost: null,
      penalties: { change: { allowed: true, amount: 30 }, currency: 'GBP' },
      expiresAt: new Date(EXPIRES).toISOString(),
      // 1000.00 − 1200.00 + 60.00, as Duffel's change_total_amount says: 140.00 comes back.
      changeTotal: -140,
      refundTo: 'cash',
      segmentIds: order.slices.flatMap((slice) => slice.segments.map((s) => s.id)),
      passengerTypes: ['ADT', 'ADT'],
    });
    expect(quotes[0]?.offerId).toMatch(/^oco_/);
    const [request] = callsTo('POST', '/air/order_change_requests');
    expect(request?.status).toBe(201);
  });

  it('should not search when Duffel cannot change the order', async () => {
    const id = holdOrder();
    duffel.scriptCheaperOffer(id, { newTotal: '1000.00', penalty: '0.00', expiresAt: EXPIRES });
    expect(await gdsOf().shopLowerFares(id)).toEqual([]);
    expect(callsTo('POST', '/air/order_change_requests')).toEqual([]);
  });

  it('should reprice to the offer when it is confirmed, with nothing to pay when it saves', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1000.00', penalty: '60.00', expiresAt: EXPIRES });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote) throw new Error('no quote');
    const result = await gds.repriceTo(id, quote);
    if (!result.ok) throw new Error(result.message);
    expect(result.booking.storedFare?.total).toBe(1000);
    expect(duffel.order(id).total_amount).toBe('1000.00');
    expect(callsTo('POST', '/air/order_changes').map((call) => call.path)).toEqual([
      '/air/order_changes',
      expect.stringMatching(/^\/air\/order_changes\/oce_\w+\/actions\/confirm$/),
    ]);
  });

  it('should pay the change from the balance when its penalty costs more than the fare saves', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1150.00', penalty: '100.00', expiresAt: EXPIRES });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote) throw new Error('no quote');
    // 1150.00 − 1200.00 + 100.00: the stand-in refuses a confirmation without 50.00 paid.
    expect(quote.changeTotal).toBe(50);
    expect(await gds.repriceTo(id, quote)).toMatchObject({ ok: true });
    expect(duffel.order(id).total_amount).toBe('1150.00');
    expect(duffel.payments()).toEqual([
      { orderId: id, for: 'order_change', type: 'balance', amount: '50.00', currency: 'GBP' },
    ]);
  });

  it('should say money a change gives back to a voucher comes back as credit, and take nothing', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, {
      newTotal: '1000.00',
      penalty: '60.00',
      expiresAt: EXPIRES,
      refundTo: 'voucher',
    });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote) throw new Error('no quote');
    expect(quote).toMatchObject({ total: 1000, changeTotal: -140, refundTo: 'credit' });
    expect(await gds.repriceTo(id, quote)).toMatchObject({ ok: true });
    expect(duffel.payments()).toEqual([]);
    // Confirmed with no payment: Duffel sends what comes back where refund_to says.
    const [confirm] = callsTo('POST', '/air/order_changes/');
    expect(confirm?.body).toEqual({});
  });

  it('should refuse and pay nothing when the change costs more than promised by the time it is confirmed', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1150.00', penalty: '100.00', expiresAt: EXPIRES });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote?.offerId) throw new Error('no quote');
    duffel.repriceChangeOffer(quote.offerId, '1180.00');
    expect(await gds.repriceTo(id, quote)).toEqual({
      ok: false,
      message:
        'Duffel now asks 80.00 GBP for this change, more than the 50.00 GBP promised: nothing was paid',
      // What the alert promised no longer holds: judged again, not failed.
      premiseChanged: true,
    });
    expect(callsTo('POST', '/air/order_changes')).toEqual([]);
    expect(duffel.payments()).toEqual([]);
    expect(duffel.order(id).total_amount).toBe('1200.00');
  });

  it('should refuse and pay nothing when a change that gave money back now costs', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1000.00', penalty: '60.00', expiresAt: EXPIRES });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote?.offerId) throw new Error('no quote');
    // The airline asks its price again only when the offer is taken: Duffel's order change
    // says 1190.00 − 1200.00 + 60.00 = 50.00, where 140.00 back was promised.
    duffel.repriceChangeOffer(quote.offerId, '1190.00', { whenTaken: true });
    expect(await gds.repriceTo(id, quote)).toEqual({
      ok: false,
      message:
        'Duffel now asks 50.00 GBP for this change, where 140.00 GBP back was promised: nothing was paid',
      // What the alert promised no longer holds: judged again, not failed.
      premiseChanged: true,
    });
    expect(callsTo('POST', '/air/order_changes')).toHaveLength(1);
    expect(callsTo('POST', '/air/order_changes/')).toEqual([]);
    expect(duffel.payments()).toEqual([]);
    expect(duffel.order(id).total_amount).toBe('1200.00');
  });

  it('should refuse and pay nothing when less now comes back than promised', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1000.00', penalty: '60.00', expiresAt: EXPIRES });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote?.offerId) throw new Error('no quote');
    duffel.repriceChangeOffer(quote.offerId, '1100.00');
    expect(await gds.repriceTo(id, quote)).toEqual({
      ok: false,
      message:
        'Duffel now gives back 40.00 GBP for this change, less than the 140.00 GBP promised: nothing was paid',
      // What the alert promised no longer holds: judged again, not failed.
      premiseChanged: true,
    });
    expect(duffel.payments()).toEqual([]);
  });

  it('should go ahead when the change now costs less than promised', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1150.00', penalty: '100.00', expiresAt: EXPIRES });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote?.offerId) throw new Error('no quote');
    duffel.repriceChangeOffer(quote.offerId, '1120.00');
    expect(await gds.repriceTo(id, quote)).toMatchObject({ ok: true });
    expect(duffel.payments()).toEqual([
      expect.objectContaining({ for: 'order_change', amount: '20.00' }),
    ]);
  });

  it('should refuse and pay nothing when Duffel no longer has the offer', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1000.00', penalty: '60.00', expiresAt: EXPIRES });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote) throw new Error('no quote');
    expect(await gds.repriceTo(id, { ...quote, offerId: 'oco_0000gone' })).toEqual({
      ok: false,
      message:
        'Duffel refused to read the change offer (HTTP 404, error code not_found): nothing was paid',
    });
    expect(callsTo('POST', '/air/order_changes')).toEqual([]);
    expect(duffel.payments()).toEqual([]);
  });

  it('should refuse a quote that does not say what the change costs', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1000.00', penalty: '60.00', expiresAt: EXPIRES });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote) throw new Error('no quote');
    expect(await gds.repriceTo(id, { ...quote, changeTotal: null })).toMatchObject({
      ok: false,
      message: 'This Duffel fare does not say what the change costs: shop again',
    });
    expect(duffel.calls().filter((call) => call.path.startsWith('/air/order_change'))).toHaveLength(
      1,
    );
  });

  it('should refuse with Duffel’s status and code when the offer expired', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1000.00', penalty: '60.00', expiresAt: EXPIRES });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote) throw new Error('no quote');
    duffel.expireOffers();
    const result = await gds.repriceTo(id, quote);
    expect(result).toEqual({
      ok: false,
      message:
        'Duffel refused to take the change offer (HTTP 422, error code offer_no_longer_available): nothing was paid',
    });
    expect(duffel.order(id).total_amount).toBe('1200.00');
    expect(duffel.payments()).toEqual([]);
  });

  it('should refuse a quote that is no Duffel offer', async () => {
    const id = duffel.addOrder(ORDER);
    const stored = (await retrieved(id)).storedFare;
    if (!stored) throw new Error('no fare');
    expect(await gdsOf().repriceTo(id, stored)).toMatchObject({ ok: false });
    expect(callsTo('POST', '/air/order_changes')).toEqual([]);
  });

  it('should not confirm twice when the confirmation’s answer is lost and Duffel shows it done', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptCheaperOffer(id, { newTotal: '1000.00', penalty: '60.00', expiresAt: EXPIRES });
    const gds = gdsOf();
    const [quote] = await gds.shopLowerFares(id);
    if (!quote) throw new Error('no quote');
    duffel.failNext(1, 503, { afterHandling: true, on: 'POST /air/order_changes/' });
    expect(await gds.repriceTo(id, quote)).toMatchObject({ ok: true });
    expect(callsTo('POST', '/air/order_changes/')).toHaveLength(1);
    expect(callsTo('GET', '/air/order_changes/')).toHaveLength(1);
  });
});

describe('cancelBooking', () => {
  it('should cancel the whole order when Duffel confirms the cancellation', async () => {
    const id = duffel.addOrder(ORDER);
    const result = await gdsOf().cancelBooking(id);
    if (!result.ok) throw new Error(result.message);
    expect(result.booking.isCancelled).toBe(true);
    expect(duffel.order(id).cancelled_at).toBe(new Date(T0).toISOString());
  });

  it('should refuse with Duffel’s status and code when the order is cancelled already', async () => {
    const id = duffel.addOrder(ORDER);
    const gds = gdsOf();
    await gds.cancelBooking(id);
    expect(await gds.cancelBooking(id)).toEqual({
      ok: false,
      message: 'Duffel refused to cancel the order (HTTP 422, error code already_cancelled)',
    });
  });

  it('should say the order was not found when Duffel has none', async () => {
    expect(await gdsOf().cancelBooking('ord_0000unknown')).toMatchObject({
      ok: false,
      message: expect.stringContaining('error code not_found'),
    });
  });
});

describe('quoteCancellation', () => {
  it('should quote what was paid less the refund penalty, to the balance, and cancel nothing', async () => {
    const id = duffel.addOrder({ ...ORDER, conditions: { refund: '150.00' } });

    expect(await gdsOf().quoteCancellation(id)).toEqual({
      ok: true,
      refund: { amount: 1050, currency: 'GBP' },
      refundTo: 'balance',
      expiresAt: new Date(T0 + 15 * 60_000).toISOString(),
    });
    expect(duffel.order(id).cancelled_at).toBeNull();
    expect(callsTo('POST', '/air/order_cancellations')).toHaveLength(1);
    expect(duffel.calls().some((call) => call.path.endsWith('/actions/confirm'))).toBe(false);
  });

  it('should quote nothing back when the fare is non-refundable', async () => {
    const id = duffel.addOrder(ORDER);
    expect(await gdsOf().quoteCancellation(id)).toMatchObject({
      ok: true,
      refund: { amount: 0, currency: 'GBP' },
      refundTo: 'balance',
    });
  });

  it('should quote nothing, to nowhere, when the hold order awaits payment', async () => {
    const id = holdOrder();
    expect(await gdsOf().quoteCancellation(id)).toMatchObject({
      ok: true,
      refund: { amount: 0, currency: 'GBP' },
      refundTo: null,
    });
  });

  it('should quote the refund as unknown when the airline gave Duffel no amount', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptRefund(id, { refund_amount: null, refund_currency: null, refund_to: 'voucher' });
    expect(await gdsOf().quoteCancellation(id)).toMatchObject({
      ok: true,
      refund: null,
      refundTo: 'voucher',
    });
  });

  it('should name the BSP when Duffel refunds through the settlement plan', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.scriptRefund(id, {
      refund_amount: '80.50',
      refund_currency: 'EUR',
      refund_to: 'arc_bsp_cash',
    });
    expect(await gdsOf().quoteCancellation(id)).toMatchObject({
      ok: true,
      refund: { amount: 80.5, currency: 'EUR' },
      refundTo: 'bsp',
    });
  });

  it('should refuse with Duffel’s status and code when the order is cancelled already', async () => {
    const id = duffel.addOrder(ORDER);
    const gds = gdsOf();
    await gds.cancelBooking(id);
    expect(await gds.quoteCancellation(id)).toEqual({
      ok: false,
      message: 'Duffel refused to quote the cancellation (HTTP 422, error code already_cancelled)',
    });
  });

  it('should ask again when Duffel fails to answer, since an unconfirmed quote changes nothing', async () => {
    const id = duffel.addOrder(ORDER);
    duffel.failNext(1, 503, { on: 'POST /air/order_cancellations' });
    expect(await gdsOf().quoteCancellation(id)).toMatchObject({ ok: true });
    expect(callsTo('POST', '/air/order_cancellations')).toHaveLength(2);
  });
});

describe('issueTickets', () => {
  it("should pay with the agency's chosen payment type", async () => {
    const id = holdOrder();
    const arcBsp = createDuffelGds({
      token: duffel.token,
      apiUrl: duffel.url,
      guard: guardAllowing([duffel.url]),
      paymentType: 'arc_bsp_cash',
    });
    expect(await arcBsp.issueTickets(id)).toEqual({ state: 'SUCCESS', errorText: null });
    const payments = callsTo('POST', '/air/payments').map((call) => call.body);
    expect(payments).toContainEqual(
      expect.objectContaining({
        order_id: id,
        payment: expect.objectContaining({ type: 'arc_bsp_cash' }),
      }),
    );
  });

  it('should pay a hold order from the balance and see it ticketed', async () => {
    const id = holdOrder();
    expect(await gdsOf().issueTickets(id)).toEqual({ state: 'SUCCESS', errorText: null });
    const order = duffel.order(id);
    expect(order.payment_status.awaiting_payment).toBe(false);
    expect(order.documents?.[0]?.type).toBe('electronic_ticket');
    expect(await retrieved(id)).toMatchObject({
      isTicketed: true,
      lastPurchaseAt: null,
      ticketingSupported: false,
    });
  });

  it('should not pay again when the order is paid already', async () => {
    const id = duffel.addOrder(ORDER);
    expect(await gdsOf().issueTickets(id)).toEqual({
      state: 'FAILURE',
      errorText: 'The order is paid already',
    });
    expect(callsTo('POST', '/air/payments')).toEqual([]);
  });

  it('should see the payment made when its answer is lost on the way', async () => {
    const id = holdOrder();
    duffel.failNext(1, 504, { afterHandling: true, on: 'POST /air/payments' });
    expect(await gdsOf().issueTickets(id)).toEqual({ state: 'SUCCESS', errorText: null });
    expect(callsTo('POST', '/air/payments')).toHaveLength(1);
  });

  it('should fail without paying twice when Duffel could not take the payment', async () => {
    const id = holdOrder();
    duffel.failNext(1, 503, { on: 'POST /air/payments' });
    const result = await gdsOf().issueTickets(id);
    expect(result).toEqual({
      state: 'FAILURE',
      errorText: expect.stringMatching(
        /^Duffel could not take the payment \(HTTP 503, error code service_unavailable\), and the order shows it was not done; try again later$/,
      ),
    });
    expect(callsTo('POST', '/air/payments')).toHaveLength(1);
    expect(duffel.order(id).payment_status.awaiting_payment).toBe(true);
  });

  it('should fail with Duffel’s status and code when Duffel refuses the payment', async () => {
    const id = holdOrder();
    duffel.tamper(id, (order) => {
      order.payment_status.price_guarantee_expires_at = new Date(T0 - 1).toISOString();
    });
    expect(await gdsOf().issueTickets(id)).toEqual({
      state: 'FAILURE',
      errorText: 'Duffel refused to take the payment (HTTP 422, error code price_changed)',
    });
    expect(callsTo('POST', '/air/payments')).toHaveLength(1);
  });
});

describe('createBooking', () => {
  const FLIGHT: ScriptedFlight = { ...OUT, airline: 'ZZ', flightNumber: '0808' };
  const BOOKING: NewBooking = {
    pcc: 'DUFFEL',
    agentInitials: 'AE',
    type: 'REGULAR',
    passengers: [
      {
        title: 'MRS',
        firstName: 'Amelia',
        lastName: 'Earhart',
        type: 'ADT',
        phone: '+442080160509',
        email: 'amelia@example.com',
      },
      {
        title: 'MSTR',
        firstName: 'Tom',
        lastName: 'Earhart',
        type: 'CHD',
        phone: null,
        email: null,
      },
    ],
    contact: { name: 'Amelia Earhart', phone: '+442080160509', email: 'amelia@example.com' },
    segments: [
      {
        airline: 'ZZ',
        flightNumber: '808',
        from: 'LHR',
        to: 'JFK',
        departure: '2026-04-10 08:25',
        arrival: '2026-04-10 11:15',
        flightClass: 'Y',
      },
    ],
  };

  beforeEach(() => {
    duffel.scriptOffers([
      { slices: [[FLIGHT]], totalAmount: '700.00', currency: 'GBP' },
      { slices: [[FLIGHT]], totalAmount: '650.00', currency: 'GBP' },
      { slices: [[{ ...FLIGHT, flightNumber: '900' }]], totalAmount: '300.00', currency: 'GBP' },
      { slices: [[FLIGHT]], totalAmount: '500.00', currency: 'GBP', holdable: false },
    ]);
  });

  it('should hold the cheapest offer that flies the booking’s flights', async () => {
    const booking = await gdsOf().createBooking(BOOKING);
    const [order] = duffel.orders();
    expect(booking).toMatchObject({
      locator: order?.booking_reference,
      providerId: order?.id,
      isTicketed: false,
      ticketingSupported: true,
      storedFare: { total: 650, currency: 'GBP' },
    });
    expect(booking.segments.map((s) => [s.airline, s.flightNumber, s.departure, s.status])).toEqual(
      [['ZZ', '0808', '2026-04-10 08:25', 'HK']],
    );
    expect(order?.passengers.map((p) => [p.title, p.gender, p.born_on, p.type, p.email])).toEqual([
      ['mrs', 'f', '1980-01-01', 'adult', 'amelia@example.com'],
      ['mr', 'm', '2018-04-10', 'child', 'amelia@example.com'],
    ]);
    expect(order?.metadata.smt_booking_request).toMatch(/^[0-9a-f-]{36}$/);
    const [search] = callsTo('POST', '/air/offer_requests');
    expect(search?.query).toBe('?return_offers=true');
  });

  it('should find the order it made when the answer to making it is lost', async () => {
    duffel.failNext(1, 504, { afterHandling: true, on: 'POST /air/orders' });
    const booking = await gdsOf().createBooking(BOOKING);
    expect(booking.providerId).toBe(duffel.orders()[0]?.id);
    expect(callsTo('POST', '/air/orders')).toHaveLength(1);
  });

  it('should not make an order when the order’s answer is lost and Duffel made none', async () => {
    duffel.failNext(1, 504, { on: 'POST /air/orders' });
    await expect(gdsOf().createBooking(BOOKING)).rejects.toThrow(
      /^Cannot create the booking: Duffel could not make the order/,
    );
    expect(duffel.orders()).toEqual([]);
    expect(callsTo('POST', '/air/orders')).toHaveLength(1);
  });

  it('should refuse when no offer flies the booking’s flights', async () => {
    await expect(
      gdsOf().createBooking({
        ...BOOKING,
        segments: [
          { ...(BOOKING.segments[0] as NewBooking['segments'][number]), flightNumber: '1' },
        ],
      }),
    ).rejects.toThrow('Cannot create the booking: Duffel offers these flights on hold nowhere');
    expect(callsTo('POST', '/air/orders')).toEqual([]);
  });
});
