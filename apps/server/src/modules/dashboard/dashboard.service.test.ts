import {
  AdmPerAirlineResponse,
  AdmQuery,
  AirlineSavingResponse,
  CompletedVsTotalResponse,
  CreditTotalsResponse,
  CustomerNumberSavingResponse,
  DashboardQuery,
  MonthlyStatResponse,
  PnrPriceData,
  SavingPeriodsResponse,
  SavingTotals,
  validationMessages as messages,
  type AdmKind,
} from '@smt/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import type { DemoIds } from '../notifications/notification-list.test-helpers';
import {
  expectedFigures,
  extraCarrier,
  insertDashboardFixture,
  NOW,
  pad,
  toCents,
  type Query,
  type Who,
} from './dashboard.test-helpers';
import { createDashboard } from './dashboard.service';

// The dashboard's figures, called as its routes call them: the query parsed by the call's
// schema and the answer read by its answer's, the caller's scope as the auth plugin gives it, at
// the fixture's present (dashboard.test-helpers.ts). Who may call, the answers' shapes and the
// shape of a refusal are dashboard.routes.test.ts's.

const PERSON: Record<Who, DemoPerson> = { superUser: DEMO.superUser, manager: DEMO.manager };
const FIGURES = [
  'completedVsTotal',
  'potentialVsActual',
  'savingByPeriod',
  'savingPerAirline',
  'savingPerCustomerNumber',
  'admPerAirline',
  'youngPqs',
  'monthlyStat',
  'creditTotals',
] as const;
type Figure = (typeof FIGURES)[number];

describe(createDashboard.name, () => {
  const database = useServiceDatabase();
  const now = new Date(NOW);
  let sut: ReturnType<typeof createDashboard>;
  let ids: DemoIds;
  let expected: ReturnType<typeof expectedFigures>;

  beforeEach(async () => {
    sut = createDashboard({ db: database.db });
    const fixture = await insertDashboardFixture(database.db);
    ids = fixture.ids;
    expected = expectedFigures(fixture);
  });

  const callerOf = async (person: DemoPerson) => ({
    scope: (await callerAs(database.db, person)).scope,
  });
  const query = (of: Query) => DashboardQuery.parse(of);
  /** Each figure as its route answers it, for a person and a query. */
  const figures = {
    completedVsTotal: async (person: DemoPerson, of: Query = {}) =>
      CompletedVsTotalResponse.parse(
        await sut.completedVsTotal(await callerOf(person), query(of), now),
      ),
    potentialVsActual: async (person: DemoPerson, of: Query = {}) =>
      SavingTotals.parse(await sut.potentialVsActual(await callerOf(person), query(of), now)),
    savingByPeriod: async (person: DemoPerson, of: Query = {}) =>
      SavingPeriodsResponse.parse(await sut.savingByPeriod(await callerOf(person), query(of), now)),
    savingPerAirline: async (person: DemoPerson, of: Query = {}) =>
      AirlineSavingResponse.parse(
        await sut.savingPerAirline(await callerOf(person), query(of), now),
      ),
    savingPerCustomerNumber: async (person: DemoPerson, of: Query = {}) =>
      CustomerNumberSavingResponse.parse(
        await sut.savingPerCustomerNumber(await callerOf(person), query(of), now),
      ),
    admPerAirline: async (person: DemoPerson, of: Query = {}, kind: AdmKind = 'All') => {
      const adm = AdmQuery.parse({ ...of, notifType: kind });
      return AdmPerAirlineResponse.parse(
        await sut.admPerAirline(await callerOf(person), adm, adm.notifType, now),
      );
    },
    youngPqs: async (person: DemoPerson, of: Query = {}) =>
      PnrPriceData.parse(await sut.youngPqs(await callerOf(person), query(of), now)),
    monthlyStat: async (person: DemoPerson, of: Query = {}) =>
      MonthlyStatResponse.parse(await sut.monthlyStat(await callerOf(person), query(of), now)),
    creditTotals: async (person: DemoPerson, of: Query = {}) =>
      CreditTotalsResponse.parse(await sut.creditTotals(await callerOf(person), query(of), now)),
  } satisfies Record<Figure, (person: DemoPerson, of?: Query) => Promise<unknown>>;

  /** Every figure for one caller and query, compared with the figures worked out. */
  async function expectAllFigures(who: Who, of: Query) {
    const person = PERSON[who];
    expect(await figures.completedVsTotal(person, of)).toEqual(expected.completedVsTotal(who, of));
    expect(await figures.potentialVsActual(person, of)).toEqual(
      expected.potentialVsActual(who, of),
    );
    expect(await figures.savingByPeriod(person, of)).toEqual(expected.byPeriod(who, of));
    expect(await figures.savingPerAirline(person, of)).toEqual(expected.perAirline(who, of));
    expect(await figures.savingPerCustomerNumber(person, of)).toEqual(
      expected.perCustomerNumber(who, of),
    );
    for (const kind of ['All', 'ADM', 'Cancellation'] as const) {
      expect(await figures.admPerAirline(person, of, kind)).toEqual(
        expected.admPerAirline(who, of, kind),
      );
    }
    expect(await figures.creditTotals(person, of)).toEqual(expected.credits(who, of));
    expect(await figures.youngPqs(person, of)).toEqual(expected.youngPqs(who, of));
    expect(await figures.monthlyStat(person, of)).toEqual(expected.monthlyStat(who, of));
  }

  describe('every figure', () => {
    const cases: [string, Who, () => Query][] = [
      ['the whole scope by default', 'superUser', () => ({})],
      ['one agency', 'superUser', () => ({ type: 'Agency', id: [ids.agency.globeTours] })],
      [
        'two branches',
        'superUser',
        () => ({ type: 'Branch', id: [ids.branch.TLV1, ids.branch.HFA1] }),
      ],
      ['two agents', 'superUser', () => ({ type: 'Agent', id: [ids.agent.AA, ids.agent.GA] })],
      ['branches without ids', 'superUser', () => ({ type: 'Branch' })],
      ['the whole scope by default', 'manager', () => ({})],
      ['their agency', 'manager', () => ({ type: 'Agency', id: [ids.agency.demoTravel] })],
      ['one branch', 'manager', () => ({ type: 'Branch', id: [ids.branch.JRS1] })],
      [
        'three agents',
        'manager',
        () => ({ type: 'Agent', id: [ids.agent.AA, ids.agent.BA, ids.agent.BB] }),
      ],
      [
        'every agent in November',
        'manager',
        () => ({
          type: 'Agent',
          notificationDateFrom: '2025-11-01',
          notificationDateTo: '2025-11-30',
        }),
      ],
      [
        'six months by branch',
        'superUser',
        () => ({
          type: 'Branch',
          notificationDateFrom: '2025-09-20',
          notificationDateTo: '2026-03-15',
        }),
      ],
      [
        'a PNR creation range',
        'manager',
        () => ({ dateFilter: 'CREATION', from: '2026-03-01', to: '2026-03-10' }),
      ],
      [
        'a PNR departure range reaching ahead',
        'manager',
        () => ({ type: 'Agent', dateFilter: 'DEPARTURE', from: '2026-03-10', to: '2026-03-31' }),
      ],
      [
        'a PNR ticketing range over three months',
        'superUser',
        () => ({
          dateFilter: 'TICKETING',
          from: '2026-02-01',
          to: '2026-03-15',
          notificationDateFrom: '2026-01-01',
          notificationDateTo: '2026-03-15',
        }),
      ],
    ];

    it.each(cases)('should answer every figure as worked out for %s (%s)', async (_, who, of) => {
      await expectAllFigures(who, of());
    });

    it.each(FIGURES)(
      "should refuse %s for Globe Tours' agency, branch or agent to a manager, and ids there are not",
      async (figure) => {
        const refused: Query[] = [
          { type: 'Agency', id: [ids.agency.globeTours] },
          { type: 'Branch', id: [ids.branch.HFA1] },
          { type: 'Agent', id: [ids.agent.GA] },
          { type: 'Agent', id: [ids.agent.AA, ids.agent.GG] },
        ];
        const forbidden = { code: 'FORBIDDEN', reason: 'dashboard.audience-outside' };
        for (const of of refused) {
          expect(await refusalOf(figures[figure](DEMO.manager, of))).toMatchObject(forbidden);
        }
        expect(
          await refusalOf(figures[figure](DEMO.superUser, { type: 'Branch', id: [999_999] })),
        ).toMatchObject(forbidden);
      },
    );

    it('should refuse a manager more than 6 months back and a super user more than 36', async () => {
      // Six months before the earliest today on earth (2026-03-14) is 2025-09-14.
      const range = (from: string): Query => ({
        notificationDateFrom: from,
        notificationDateTo: '2026-03-01',
      });
      const manager = await refusalOf(figures.potentialVsActual(DEMO.manager, range('2025-09-13')));
      expect(manager).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
      expect(manager.fieldErrors).toEqual({ notificationDateFrom: messages.dateTooFarBack });
      await figures.potentialVsActual(DEMO.manager, range('2025-09-14'));
      await figures.potentialVsActual(DEMO.superUser, range('2025-09-13'));
      await figures.potentialVsActual(DEMO.superUser, range('2023-03-14'));
      const superUser = await refusalOf(
        figures.potentialVsActual(DEMO.superUser, range('2023-03-13')),
      );
      expect(superUser.code).toBe('BAD_REQUEST');
      expect(superUser.fieldErrors).toEqual({
        notificationDateFrom: 'The date cannot be more than 36 months back',
      });
    });

    it('should refuse a notification date in the future', async () => {
      // The latest today on earth is still 2026-03-15.
      await figures.potentialVsActual(DEMO.manager, {
        notificationDateFrom: '2026-03-01',
        notificationDateTo: '2026-03-15',
      });

      const refusal = await refusalOf(
        figures.potentialVsActual(DEMO.manager, {
          notificationDateFrom: '2026-03-01',
          notificationDateTo: '2026-03-16',
        }),
      );

      expect(refusal.code).toBe('BAD_REQUEST');
      expect(refusal.fieldErrors).toEqual({ notificationDateTo: messages.dateInFuture });
    });
  });

  describe('potentialVsActual', () => {
    // SPEC §3's single-currency fields, worked out by hand; byCurrency is checked with every
    // figure above (expectAllFigures).
    it('should answer the potential and actual saving a person works out by hand', async () => {
      // Demo Travel, 1 to 15 March: seven USD cash reprices and one EUR, four of them
      // executed; and three credit ones, two executed, counted but not in the cash.
      expect(await figures.potentialVsActual(DEMO.manager)).toMatchObject({
        potential: 292.3,
        actual: 75.99,
        potentialCount: 11,
        actualCount: 6,
        currency: 'USD',
      });
      expect(await figures.potentialVsActual(DEMO.superUser)).toMatchObject({
        potential: 352.3,
        actual: 131.54,
        potentialCount: 13,
        actualCount: 7,
        currency: 'USD',
      });
      // The credit beside the cash, each currency and kind its own figure.
      const manager = await figures.potentialVsActual(DEMO.manager);
      expect(manager.byCurrency).toEqual([
        {
          currency: 'EUR',
          kind: 'cash',
          potential: 300,
          actual: 280,
          potentialCount: 1,
          actualCount: 1,
        },
        {
          currency: 'EUR',
          kind: 'credit',
          potential: 40,
          actual: 40,
          potentialCount: 1,
          actualCount: 1,
        },
        {
          currency: 'USD',
          kind: 'cash',
          potential: 292.3,
          actual: 75.99,
          potentialCount: 7,
          actualCount: 3,
        },
        {
          currency: 'USD',
          kind: 'credit',
          potential: 230,
          actual: 150,
          potentialCount: 2,
          actualCount: 1,
        },
      ]);
    });

    it('should leave EUR reprices out of a USD sum and show EUR where most reprices are', async () => {
      expect(
        await figures.potentialVsActual(DEMO.manager, { type: 'Agent', id: [ids.agent.AA] }),
      ).toMatchObject({
        potential: 171.46,
        actual: 65.5,
        potentialCount: 7,
        actualCount: 5,
        currency: 'USD',
      });
      expect(await figures.savingPerAirline(DEMO.manager)).toMatchObject({
        items: [
          { airline: 'LY', saving: 45.5 },
          { airline: 'LH', saving: 20 },
          { airline: 'BA', saving: 10.49 },
        ],
        currency: 'USD',
      });
      expect(
        await figures.potentialVsActual(DEMO.superUser, { type: 'Agent', id: [ids.agent.GA] }),
      ).toMatchObject({
        potential: 33.33,
        actual: 0,
        potentialCount: 1,
        actualCount: 0,
        currency: 'EUR',
      });
    });
  });

  describe('shares per airline and customer number', () => {
    const november: Query = {
      notificationDateFrom: '2025-11-01',
      notificationDateTo: '2025-11-30',
    };

    it('should sum the rest as Other beyond ten airlines and customer numbers', async () => {
      const airlines = await figures.savingPerAirline(DEMO.manager, november);
      // Extra agent i saved 10·i + 0.10 on airline i: the nine largest, then 1 + 2 + 3.
      expect(airlines.items).toHaveLength(10);
      expect(airlines.items.slice(0, 9)).toEqual(
        [12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => ({
          airline: extraCarrier(i),
          saving: toCents(10 * i + 0.1),
        })),
      );
      expect(airlines.items[9]).toMatchObject({ airline: 'Other', saving: 60.3 });
      const customers = await figures.savingPerCustomerNumber(DEMO.manager, november);
      expect(customers.items[0]).toMatchObject({ customerNumber: 'C12', saving: 240.25 });
      expect(customers.items[9]).toMatchObject({ customerNumber: 'Other', saving: 120.75 });
    });

    it('should count ADM, Cancellation or both per airline', async () => {
      const adm = (kind: AdmKind) => figures.admPerAirline(DEMO.manager, november, kind);
      // Airline i: 2·i Churning, and one SegmentRemoval when i is odd.
      expect((await adm('ADM')).items.at(-1)).toMatchObject({ airline: 'Other', count: 2 + 4 + 6 });
      expect((await adm('All')).items.at(-1)).toMatchObject({ airline: 'Other', count: 3 + 4 + 7 });
      expect((await adm('All')).items[0]).toMatchObject({ airline: extraCarrier(12), count: 24 });
      expect((await adm('Cancellation')).items).toEqual(
        [1, 3, 5, 7, 9, 11]
          .map((i) => ({ airline: extraCarrier(i), count: 1 }))
          .sort((a, b) => a.airline.localeCompare(b.airline)),
      );
      const march = await figures.admPerAirline(DEMO.manager);
      expect(march.items).toEqual([
        { airline: 'LY', count: 2 },
        { airline: 'AF', count: 1 },
        { airline: 'BA', count: 1 },
        { airline: 'LH', count: 1 },
      ]);
    });
  });

  describe('completedVsTotal', () => {
    it('should keep the ten agents with most notifications per group', async () => {
      const body = await figures.completedVsTotal(DEMO.manager, {
        type: 'Agent',
        notificationDateFrom: '2025-11-01',
        notificationDateTo: '2025-11-30',
      });
      const adm = body.entries.filter((entry) => entry.msgGroup === 'ADM');
      expect(adm.map((entry) => entry.entityName)).toEqual(
        [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `Extra Agent ${pad(i)}`),
      );
      expect(adm[0]).toMatchObject({ total: 24, completed: 1, potential: 0, actual: 0 });
      const reprice = body.entries.filter((entry) => entry.msgGroup === 'REPRICE');
      expect(reprice).toHaveLength(10);
      expect(reprice[0]).toMatchObject({
        entityName: 'Extra Agent 01',
        total: 1,
        completed: 1,
        potential: 20.25,
        actual: 10.1,
      });
    });

    it("should never show a manager Globe Tours' rows", async () => {
      const manager = await figures.completedVsTotal(DEMO.manager);
      const agencies = new Set(manager.entries.map((e) => e.entityName));
      expect([...agencies]).toEqual(['Demo Travel']);
      const superUser = await figures.completedVsTotal(DEMO.superUser);
      expect(superUser.entries.map((e) => e.entityName)).toContain('Globe Tours');
      expect(await figures.youngPqs(DEMO.manager)).toMatchObject({ youngCnt: 14, oldCnt: 10 });
      expect(await figures.youngPqs(DEMO.superUser)).toMatchObject({ youngCnt: 15, oldCnt: 11 });
    });
  });

  describe('monthlyStat', () => {
    it('should date the monthly view by departure over six months up to tomorrow', async () => {
      expect(
        await figures.monthlyStat(DEMO.manager, {
          notificationDateFrom: '2026-03-02',
          notificationDateTo: '2026-03-02',
        }),
      ).toMatchObject({
        title: '2026-02',
        months: [
          ['2025-10', 0, 1, 0, 1],
          ['2025-11', 30, 2, 0, 0],
          ['2025-12', 1563, 12, 781.2, 12],
          ['2026-01', 25.5, 2, 22.49, 2],
          ['2026-02', 20, 2, 20, 2],
          ['2026-03', 52.35, 3, 0, 0],
        ].map(
          ([
            month,
            repricePotential,
            repricePotentialCount,
            repriceActual,
            repriceActualCount,
          ]) => ({
            month,
            repricePotential,
            repricePotentialCount,
            repriceActual,
            repriceActualCount,
          }),
        ),
        // The types with notifications; every other type is there at 0.
        byType: expect.arrayContaining([
          { type: 'Reprice', count: 22 },
          { type: 'TicketingDue', count: 1 },
          { type: 'Churning', count: 159 },
          { type: 'SegmentRemoval', count: 8 },
          { type: 'HoldsWaitlist', count: 1 },
          { type: 'Reschedule', count: 3 },
          { type: 'DuplicateBooking', count: 0 },
        ]),
        priceData: { youngCnt: 11, oldCnt: 7 },
        currency: 'USD',
      });
    });
  });

  describe('creditTotals', () => {
    it('should count the credits open, used and expired per currency a person works out by hand', async () => {
      // Demo Travel, 1 to 15 March: two USD credits open (150.00 and 1.10, the second in the
      // range's last minute), one used, one expired, and one EUR credit open; Globe Tours'
      // credits and those recorded before March are not counted.
      expect(await figures.creditTotals(DEMO.manager)).toEqual({
        byCurrency: [
          {
            currency: 'EUR',
            open: { count: 1, amount: 40 },
            used: { count: 0, amount: 0 },
            expired: { count: 0, amount: 0 },
          },
          {
            currency: 'USD',
            open: { count: 2, amount: 151.1 },
            used: { count: 1, amount: 50.25 },
            expired: { count: 1, amount: 20 },
          },
        ],
      });
      // Adam's own: the credits of his bookings only.
      expect(
        await figures.creditTotals(DEMO.manager, { type: 'Agent', id: [ids.agent.AA] }),
      ).toEqual({
        byCurrency: [
          {
            currency: 'EUR',
            open: { count: 1, amount: 40 },
            used: { count: 0, amount: 0 },
            expired: { count: 0, amount: 0 },
          },
          {
            currency: 'USD',
            open: { count: 2, amount: 151.1 },
            used: { count: 1, amount: 50.25 },
            expired: { count: 0, amount: 0 },
          },
        ],
      });
      const october: Query = {
        notificationDateFrom: '2025-10-01',
        notificationDateTo: '2025-10-31',
      };
      expect(await figures.creditTotals(DEMO.manager, october)).toEqual({ byCurrency: [] });
    });
  });

  describe('savingByPeriod', () => {
    it('should answer every month of the range, empty ones too', async () => {
      const quiet = await figures.savingByPeriod(DEMO.superUser, {
        type: 'Agent',
        id: [ids.agent.GA],
        notificationDateFrom: '2025-12-15',
        notificationDateTo: '2026-02-01',
      });
      expect(quiet.periods).toEqual(
        ['2025-12', '2026-01', '2026-02'].map((month) => ({
          month,
          potential: 0,
          actual: 0,
          potentialCount: 0,
          actualCount: 0,
          currency: null,
          byCurrency: [],
        })),
      );
    });
  });
});
