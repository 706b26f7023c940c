import { MONEY_KIND_LABEL, ROUTES, uiTexts, type AdmKind, type CurrencyKind } from '@smt/shared';

// The dashboard's own words; chart names are SPEC §2.6's, states come from the shared messages.
export const DASHBOARD_TEXTS = {
  title: ROUTES.dashboard.title,
  view: 'Dashboard view',
  monthly: 'Monthly',
  detailed: 'Detailed',
  filters: 'Dashboard filters',
  notificationDateFrom: 'Notification date from',
  notificationDateTo: 'Notification date to',
  showMoreFilters: 'Show more filters',
  showFewerFilters: 'Show fewer filters',
  dateType: 'Date type',
  from: 'From',
  to: 'To',
  subscriptionReport: 'Subscription report',
  xls: 'XLS',
  loading: 'Loading',
  tryAgain: 'Try again',
  potentialSaving: 'Potential Saving',
  actualSaving: uiTexts.actualSaving,
  stillToSave: 'Still to save',
  opportunities: (count: number) => (count === 1 ? '1 opportunity' : `${count} opportunities`),
  completed: 'Completed',
  pending: 'Pending',
  group: 'Group',
  allGroups: 'All groups',
  admKind: 'Notification type',
  withPriceData: 'With price data',
  withoutPriceData: 'Without price data',
  total: 'Total',
  notifications: 'Notifications',
  amount: 'Amount',
  measure: 'Show',
  saving: 'Saving',
  count: 'Count',
  /** What a chart's amounts are in: 'USD cash', 'USD airline credit'. */
  moneyName: ({ currency, kind }: CurrencyKind) => `${currency} ${MONEY_KIND_LABEL[kind]}`,
  /** Captions every money chart with its currency and kind. */
  inMoney: (money: CurrencyKind) => `In ${DASHBOARD_TEXTS.moneyName(money)}`,
  credits: 'Credits',
  creditsOpen: 'Open',
  creditsUsed: 'Used',
  creditsExpired: 'Lost to expiry',
  currency: 'Currency',
  creditCount: (count: number) => (count === 1 ? '1 credit' : `${count} credits`),
  /** Under the monthly view's title (the previous month, SPEC §2.6): the months its bars cover. */
  monthlyCovers: (first: string, last: string) =>
    first === last
      ? `Charts by departure month: ${first}`
      : `Charts by departure month: ${first} to ${last}`,
} as const;

export const CHART_TITLES = {
  credits: 'Credits: open, used and lost to expiry',
  potentialVsActual: 'Potential vs Actual saving',
  savingPerPeriod: 'Potential vs Actual saving per period',
  potentialSaving: 'Potential Saving',
  pendingVsCompleted: 'Pending vs Completed',
  savingPerAirline: 'Actual Saving per Airline',
  savingPerCustomerNumber: 'Potential Saving Per Customer Number',
  admPerAirline: 'ADM notifications per airline',
  priceData: 'PNR price data',
  repricePotential: 'Reprice Potential',
  repriceActual: 'Reprice Actual',
  byType: 'Total notifications by type',
} as const;

export const ADM_KIND_LABEL: Record<AdmKind, string> = {
  All: 'All',
  ADM: 'ADM',
  Cancellation: 'Cancellation',
};

/** The item the server sums the rest of a share chart into (docs/decisions/015). */
export const OTHER_ITEM = 'Other';
