import { dashboardCalls as calls, type Call, type CallAnswer, type CallRequest } from '@smt/shared';
import { routeCalls, type CallRoute } from '@/lib/route-call';
import type { AuthContext } from '@/modules/auth/session.service';
import { authOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

// Said once for every figure of the detailed view (docs/decisions/015).
const ROWS =
  'Notifications of the scope type and ids (the whole scope without ids; ids outside it are ' +
  '403), raised in the notification date range (whole UTC days; by default this month, or the ' +
  'previous one on the 1st), deleted ones left out, and when from/to are given only those ' +
  "whose booking's dateFilter date falls in them.";
const MONEY =
  'byCurrency has one entry per currency and kind of money (cash or airline credit), never ' +
  'summed together. The single amounts are the cash of the currency of most of the reprices ' +
  'counted, to the cent.';

/** The dashboard's figures (SPEC §2.6, §7.3) for super users and managers. */
export const dashboardRoutes = routesUsing(
  ['dashboard', 'clock'],
  async (app, { dashboard, clock }) => {
    const figures = dashboard;
    // A figure answers the caller's query at the server's present time.
    const figure = <C extends Call>(
      summary: string,
      description: string,
      answer: (
        caller: AuthContext,
        query: CallRequest<C>['query'],
        now: Date,
      ) => Promise<CallAnswer<C>>,
    ): CallRoute<C> => ({
      summary,
      description,
      handle: ({ query }, request) => answer(authOf(request), query, clock.now()),
    });

    routeCalls(app, { tags: ['dashboard'] }, calls, {
      completedVsTotal: figure(
        'Completed and all notifications per agency, branch or agent and group',
        'Per entity of the scope type and panel group: total is every notification, completed ' +
          'those in state Complete, potential and actual the savings of its reprices; the 10 ' +
          `entities with the largest total in each group. ${ROWS} ${MONEY}`,
        figures.completedVsTotal,
      ),
      potentialVsActual: figure(
        'Potential and actual saving of the reprices',
        'Potential: the sum of current minus new price over the reprice opportunities raised ' +
          '(any state), potentialCount how many. Actual: what executed reprices saved, ' +
          `actualCount how many were executed. ${ROWS} ${MONEY} Counts take every currency.`,
        figures.potentialVsActual,
      ),
      savingPerAirline: figure(
        'Actual saving per airline',
        "What executed reprices saved per airline (the booking's carrier), per currency and " +
          'kind of money in byCurrency, and in items as the cash of the currency of most executed ' +
          `reprices; the 9 largest and the rest as Other when there are more than 10. ${ROWS}`,
        figures.savingPerAirline,
      ),
      potentialVsActualByPeriod: figure(
        'Potential and actual saving per month',
        'Potential and actual saving as in potential-vs-actual, per month (yyyy-MM, UTC) in ' +
          'which the notifications were raised: every month of the notification range, in ' +
          `order. ${ROWS} ${MONEY}`,
        figures.savingByPeriod,
      ),
      savingPerCustomerNumber: figure(
        'Potential saving per customer number',
        'The potential saving of the reprices per customer number of their booking (bookings ' +
          'without one left out), per currency and kind of money in byCurrency, and in items as ' +
          'the cash of the currency of most of those reprices; the 9 largest and the rest as ' +
          `Other when there are more than 10. ${ROWS}`,
        figures.savingPerCustomerNumber,
      ),
      admPerAirline: figure(
        'ADM notifications per airline',
        'ADM (Churning, DuplicateBooking) and Cancellation (SegmentRemoval) notifications per ' +
          'airline of the booking, as notifType chooses (All: both); the 9 largest and the rest as ' +
          `Other when there are more than 10. ${ROWS}`,
        (caller, query, now) => figures.admPerAirline(caller, query, query.notifType, now),
      ),
      youngPqs: figure(
        'Bookings with and without a current price quote',
        'Bookings of the scope type and ids (the whole scope without ids) with (youngCnt) and ' +
          'without (oldCnt) a current price; when from/to are given, only those whose ' +
          'dateFilter date falls in them. The notification date range does not apply.',
        figures.youngPqs,
      ),
      monthlyStat: figure(
        'The monthly view',
        'Notifications of the scope type and ids whose booking departs from the first of the ' +
          'month five months ago to the end of tomorrow (UTC): reprice potential and actual per ' +
          'departure month, every month of that window; counts per type; and the price data of ' +
          'the bookings departing then. Titled with the previous month. The date ranges and ' +
          `dateFilter of the query do not apply (the notification range is still checked). ${MONEY}`,
        figures.monthlyStat,
      ),
      credits: figure(
        'Credits open, used and lost to expiry',
        'The credits ledger of the scope type and ids (the whole scope without ids; ids outside ' +
          'it are 403), recorded in the notification date range (whole UTC days; by default this ' +
          "month), and when from/to are given only those whose booking's dateFilter date falls in " +
          'them: per currency, how many and how much are open, used for a ticket, or expired ' +
          'unused, as they stand now.',
        figures.creditTotals,
      ),
    });
  },
);
