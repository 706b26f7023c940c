import { CreditCreateBody, CreditListQuery, DAY_MS, utcDayOf, type CreditState } from '@smt/shared';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, credits, users } from '@/db/schema';
import { Clock } from '@/lib/clock';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { createCredits } from './credits.service';

// The Credits page's rules, called as its routes call them: the forms parsed by the calls'
// schemas, the caller as `callerOf` makes them. The HTTP answers, the CSV file and the credits
// other modules record are credits.routes.test.ts's.

describe(createCredits.name, () => {
  const database = useServiceDatabase();
  let clock: Clock;
  let sut: ReturnType<typeof createCredits>;

  beforeEach(() => {
    clock = new Clock();
    sut = createCredits({ db: database.db, clock });
  });

  const as = (person: DemoPerson) => callerAs(database.db, person);
  const list = async (person: DemoPerson, query: z.input<typeof CreditListQuery> = {}) =>
    sut.list(await as(person), CreditListQuery.parse(query));
  const creditCount = async () =>
    (await database.db.select({ n: count() }).from(credits))[0]?.n ?? 0;

  /** A booking of a demo agent, with its passengers as the booking names them. */
  const aBooking = async (person: DemoPerson, pnrNumber: string, passengers: string[]) => {
    const [user] = await database.db.select().from(users).where(eq(users.email, person.email));
    if (!user?.agencyId || !user.branchId || !user.agentId) throw new Error('not an agent');
    const place = { agencyId: user.agencyId, branchId: user.branchId, agentId: user.agentId };
    const [row] = await database.db
      .insert(bookings)
      .values({ ...place, gdsId: 'SIM', pnrNumber, pnrCreatedAt: clock.now(), passengers })
      .returning({ id: bookings.id });
    if (!row) throw new Error('no booking');
    return { ...place, bookingId: row.id, pnrNumber, passengers };
  };
  type Booking = Awaited<ReturnType<typeof aBooking>>;

  /** A credit a reprice approved on the booking left for one of its passengers. */
  const aRepriceCredit = async (
    booking: Booking,
    passengerName: string,
    expiresOn: string | null,
    state: CreditState = 'open',
  ) => {
    const { agencyId, branchId, agentId, bookingId } = booking;
    const [row] = await database.db
      .insert(credits)
      .values({
        agencyId,
        branchId,
        agentId,
        bookingId,
        passengerName,
        passengerKey: passengerName.toLowerCase(),
        airline: 'LY',
        amountCents: 8_000,
        currency: 'USD',
        expiresOn,
        source: 'reprice',
        state,
      })
      .returning({ id: credits.id });
    if (!row) throw new Error('no credit');
    return row.id;
  };
  /** Adam Agent's repriced booking: a credit per passenger, the later to expire made first. */
  const repriced = async () => {
    const booking = await aBooking(DEMO.agent, 'REPR01', ['COHEN/DANA', 'COHEN/DAVID']);
    await aRepriceCredit(booking, 'COHEN/DAVID', '2027-06-30');
    await aRepriceCredit(booking, 'COHEN/DANA', '2027-03-31');
    return booking;
  };

  describe('list', () => {
    it('should list a credit to its agent and their managers, not to another agent or agency, soonest to expire first', async () => {
      const booking = await repriced();

      const mine = await list(DEMO.agent);

      expect(mine.total).toBe(booking.passengers.length);
      expect(mine.items[0]).toMatchObject({
        pnrNumber: booking.pnrNumber,
        agentName: 'Adam Agent',
        source: 'reprice',
      });
      expect(mine.items.map((item) => item.expiresOn)).toEqual(['2027-03-31', '2027-06-30']);
      expect((await list(DEMO.agent2)).total).toBe(0);
      expect((await list(DEMO.manager)).total).toBe(mine.total);
      expect((await list(DEMO.superUser)).total).toBe(mine.total);
      expect((await list(DEMO.globeManager)).total).toBe(0);
      expect((await list(DEMO.branchManager)).total).toBe(0);
    });

    it('should find credits by state, airline, passenger and expiry', async () => {
      await repriced();
      const [credit] = (await list(DEMO.agent)).items;
      if (!credit) throw new Error('no credit');
      const last = credit.passengerName.split('/')[0]!;

      expect(
        (await list(DEMO.agent, { state: 'open', airline: credit.airline })).total,
      ).toBeGreaterThan(0);
      expect((await list(DEMO.agent, { state: 'used' })).total).toBe(0);
      expect((await list(DEMO.agent, { passenger: last.slice(0, 3) })).total).toBeGreaterThan(0);
      expect((await list(DEMO.agent, { passenger: 'ZZZQQQ' })).total).toBe(0);
      expect((await list(DEMO.agent, { expiresTo: '2000-01-02' })).total).toBe(0);
    });
  });

  describe('create', () => {
    const form = (booking: Booking, over: Partial<z.input<typeof CreditCreateBody>> = {}) =>
      CreditCreateBody.parse({
        pnrNumber: booking.pnrNumber,
        passengerName: 'COHEN/DANA',
        airline: 'LY',
        amount: '50',
        currency: 'USD',
        expiresOn: '2027-01-31',
        ...over,
      });

    it('should record a credit an agent enters on a passenger of their booking, named as the booking names them', async () => {
      const booking = await aBooking(DEMO.agent, 'NEXT01', ['COHEN/DANA', 'COHEN/DAVID']);

      const created = await sut.create(
        await as(DEMO.agent),
        form(booking, {
          pnrNumber: 'next01',
          passengerName: 'COHEN / DANA',
          airline: 'ly',
          amount: '120.5',
          currency: 'usd',
          expiresOn: '2027-01-31',
          reference: '1142345678901',
        }),
      );

      expect(created).toMatchObject({
        passengerName: 'COHEN/DANA',
        airline: 'LY',
        amountCents: 12050,
        currency: 'USD',
        expiresOn: '2027-01-31',
        source: 'agent',
        state: 'open',
        pnrNumber: booking.pnrNumber,
        reference: '1142345678901',
      });
    });

    it('should take a passenger entered without the title the booking gives them', async () => {
      const booking = await aBooking(DEMO.agent, 'NEXT01', ['COHEN/DANA MRS']);

      const created = await sut.create(await as(DEMO.agent), form(booking));

      expect(created.passengerName).toBe('COHEN/DANA MRS');
    });

    it('should record a credit once per reference of the airline', async () => {
      const booking = await aBooking(DEMO.agent, 'NEXT01', ['COHEN/DANA']);
      const agent = await as(DEMO.agent);
      await sut.create(agent, form(booking, { reference: '1142345678901' }));

      const again = await refusalOf(
        sut.create(agent, form(booking, { reference: '1142345678901' })),
      );

      expect(again).toMatchObject({
        code: 'CONFLICT',
        fieldErrors: {
          reference: 'A credit with this reference is already recorded for this airline.',
        },
      });
      expect(await creditCount()).toBe(1);
    });

    it("should refuse a passenger not on the booking and another agent's or agency's booking, recording nothing", async () => {
      const booking = await aBooking(DEMO.agent, 'NEXT01', ['COHEN/DANA']);

      const stranger = await refusalOf(
        sut.create(await as(DEMO.agent), form(booking, { passengerName: 'NOBODY/KNOWN' })),
      );
      const notTheirs = await refusalOf(sut.create(await as(DEMO.agent2), form(booking)));
      const outside = await refusalOf(sut.create(await as(DEMO.globeManager), form(booking)));

      expect(stranger).toMatchObject({
        code: 'BAD_REQUEST',
        fieldErrors: { passengerName: 'This passenger is not on the PNR.' },
      });
      expect(notTheirs).toMatchObject({
        code: 'NOT_FOUND',
        message: 'There is no such PNR among your bookings.',
      });
      expect(outside.code).toBe('NOT_FOUND');
      expect(await creditCount()).toBe(0);
    });
  });

  describe('setState', () => {
    it('should mark a credit used, and open again', async () => {
      await repriced();
      const [credit] = (await list(DEMO.agent, { state: 'open' })).items;

      const used = await sut.setState(await as(DEMO.agent), credit!.id, 'used');
      const open = await sut.setState(await as(DEMO.manager), credit!.id, 'open');

      expect(used).toMatchObject({ state: 'used', closedAt: expect.any(String) });
      expect(open).toMatchObject({ state: 'open', closedAt: null });
    });

    it("should refuse another agency's credit, and a credit outside an agent's own, changing nothing", async () => {
      await repriced();
      const [credit] = (await list(DEMO.agent)).items;

      for (const person of [DEMO.globeManager, DEMO.agent2]) {
        const refusal = await refusalOf(sut.setState(await as(person), credit!.id, 'used'));
        expect(refusal).toEqual({
          code: 'NOT_FOUND',
          message: 'There is no such credit.',
          reason: 'credits.not-found',
        });
      }
      expect((await list(DEMO.agent, { state: 'open' })).total).toBe(
        (await list(DEMO.agent)).total,
      );
    });

    it('should refuse opening again a credit past its last day, leaving it used', async () => {
      const booking = await aBooking(DEMO.agent, 'REPR01', ['COHEN/DANA']);
      const id = await aRepriceCredit(booking, 'COHEN/DANA', utcDayOf(clock.now()), 'used');
      clock.advance(DAY_MS);

      const refusal = await refusalOf(sut.setState(await as(DEMO.agent), id, 'open'));

      expect(refusal).toEqual({
        code: 'CONFLICT',
        message: 'This credit is past its expiry date and cannot be opened again.',
        reason: 'credits.expired',
      });
      expect((await list(DEMO.agent, { state: 'used' })).items.map((item) => item.id)).toEqual([
        id,
      ]);
    });
  });
});
