import {
  AdmPerAirlineResponse,
  AdmQuery,
  AirlineSavingResponse,
  CompletedVsTotalResponse,
  CustomerNumberSavingResponse,
  DASHBOARD_CALLS,
  DashboardQuery,
  MonthlyStatResponse,
  PnrPriceData,
  ROUTES,
  SavingPeriodsResponse,
  SavingTotals,
} from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '@/plugins/auth';
import {
  admPerAirline,
  completedVsTotal,
  monthlyStat,
  potentialVsActual,
  savingByPeriod,
  savingPerAirline,
  savingPerCustomerNumber,
  youngPqs,
} from './dashboard.service';

// Said once for every figure of the detailed view (docs/decisions/015).
const ROWS =
  'Notifications of the scope type and ids (the whole scope without ids; ids outside it are ' +
  '403), raised in the notification date range (whole UTC days; by default this month, or the ' +
  'previous one on the 1st), deleted ones left out, and when from/to are given only those ' +
  "whose booking's dateFilter date falls in them.";
const MONEY =
  'Amounts are in the currency of most of the reprices counted and sum that currency only, ' +
  'to the cent.';

/** The dashboard's figures (SPEC §2.6, §7.3) for super users and managers. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['dashboard'];
  const config = { access: ROUTES.dashboard };
  const path = (call: string) => `/api/${call}`;

  app.get(
    path(DASHBOARD_CALLS.completedVsTotal),
    {
      config,
      schema: {
        tags,
        summary: 'Completed and all notifications per agency, branch or agent and group',
        description:
          'Per entity of the scope type and panel group: total is every notification, completed ' +
          'those in state Complete, potential and actual the savings of its reprices; the 10 ' +
          `entities with the largest total in each group. ${ROWS} ${MONEY}`,
        querystring: DashboardQuery,
        response: { 200: CompletedVsTotalResponse },
      },
    },
    async (request) => completedVsTotal(db, authOf(request), request.query, app.clock.now()),
  );

  app.get(
    path(DASHBOARD_CALLS.potentialVsActual),
    {
      config,
      schema: {
        tags,
        summary: 'Potential and actual saving of the reprices',
        description:
          'Potential: the sum of current minus new price over the reprice opportunities raised ' +
          '(any state), potentialCount how many. Actual: what executed reprices saved, ' +
          `actualCount how many were executed. ${ROWS} ${MONEY} Counts take every currency.`,
        querystring: DashboardQuery,
        response: { 200: SavingTotals },
      },
    },
    async (request) => potentialVsActual(db, authOf(request), request.query, app.clock.now()),
  );

  app.get(
    path(DASHBOARD_CALLS.savingPerAirline),
    {
      config,
      schema: {
        tags,
        summary: 'Actual saving per airline',
        description:
          "What executed reprices saved per airline (the booking's carrier), in the currency " +
          'of most executed reprices; the 9 largest and the rest as Other when there are more ' +
          `than 10. ${ROWS}`,
        querystring: DashboardQuery,
        response: { 200: AirlineSavingResponse },
      },
    },
    async (request) => savingPerAirline(db, authOf(request), request.query, app.clock.now()),
  );

  app.get(
    path(DASHBOARD_CALLS.potentialVsActualByPeriod),
    {
      config,
      schema: {
        tags,
        summary: 'Potential and actual saving per month',
        description:
          'Potential and actual saving as in potential-vs-actual, per month (yyyy-MM, UTC) in ' +
          'which the notifications were raised: every month of the notification range, in ' +
          `order, in one currency for all. ${ROWS}`,
        querystring: DashboardQuery,
        response: { 200: SavingPeriodsResponse },
      },
    },
    async (request) => savingByPeriod(db, authOf(request), request.query, app.clock.now()),
  );

  app.get(
    path(DASHBOARD_CALLS.savingPerCustomerNumber),
    {
      config,
      schema: {
        tags,
        summary: 'Potential saving per customer number',
        description:
          'The potential saving of the reprices per customer number of their booking (bookings ' +
          'without one left out), in the currency of most of those reprices; the 9 largest and ' +
          `the rest as Other when there are more than 10. ${ROWS}`,
        querystring: DashboardQuery,
        response: { 200: CustomerNumberSavingResponse },
      },
    },
    async (request) => savingPerCustomerNumber(db, authOf(request), request.query, app.clock.now()),
  );

  app.get(
    path(DASHBOARD_CALLS.admPerAirline),
    {
      config,
      schema: {
        tags,
        summary: 'ADM notifications per airline',
        description:
          'ADM (Churning, DuplicateBooking) and Cancellation (SegmentRemoval) notifications per ' +
          'airline of the booking, as notifType chooses (All: both); the 9 largest and the rest as ' +
          `Other when there are more than 10. ${ROWS}`,
        querystring: AdmQuery,
        response: { 200: AdmPerAirlineResponse },
      },
    },
    async (request) =>
      admPerAirline(db, authOf(request), request.query, request.query.notifType, app.clock.now()),
  );

  app.get(
    path(DASHBOARD_CALLS.youngPqs),
    {
      config,
      schema: {
        tags,
        summary: 'Bookings with and without a current price quote',
        description:
          'Bookings of the scope type and ids (the whole scope without ids) with (youngCnt) and ' +
          'without (oldCnt) a current price; when from/to are given, only those whose ' +
          'dateFilter date falls in them. The notification date range does not apply.',
        querystring: DashboardQuery,
        response: { 200: PnrPriceData },
      },
    },
    async (request) => youngPqs(db, authOf(request), request.query, app.clock.now()),
  );

  app.get(
    path(DASHBOARD_CALLS.monthlyStat),
    {
      config,
      schema: {
        tags,
        summary: 'The monthly view',
        description:
          'Notifications of the scope type and ids whose booking departs from the first of the ' +
          'month five months ago to the end of tomorrow (UTC): reprice potential and actual per ' +
          'departure month, every month of that window; counts per type; and the price data of ' +
          'the bookings departing then. Titled with the previous month. The date ranges and ' +
          `dateFilter of the query do not apply (the notification range is still checked). ${MONEY}`,
        querystring: DashboardQuery,
        response: { 200: MonthlyStatResponse },
      },
    },
    async (request) => monthlyStat(db, authOf(request), request.query, app.clock.now()),
  );
};
