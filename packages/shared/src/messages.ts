import { EARLIEST_DAY, LATEST_DAY } from './constants';

// Every text of SPEC §5 and §8, to the letter. Client and server both read them from here.

/** 'yyyy-MM-dd' as the product shows a date (DATE_FORMAT, dd/MM/yyyy). */
const shownDay = (day: string) => day.split('-').reverse().join('/');

export const validationMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
  phoneCodeRequired: 'Phone code is required',
  phoneNumberRequired: 'Phone number is required',
  phoneInvalid: 'Specify a valid phone number',
  phoneUnparsable: 'Unknown phone number',
  nameRequired: 'Name is required',
  deviceNumberRequired: 'Device number is required',
  threeLetters: 'Should be three letters',
  twoAlphanumeric: 'Should be two alphanumeric characters',
  pnrNumber: 'Should be alphanumeric value from 6 to 10 characters',
  flightNumber: 'Should be a numeric value from 1 to 4 characters',
  customerName:
    'Should be a sequence of alphanumeric values, space, ., _, - from 2 to 100 characters',
  customerNumber: 'Should be alphanumeric value from 1 to 10 characters',
  dateRangeBothEnds: 'Both dates of the range are required',
  dateRangeOrder: 'The end date cannot be before the start date',
  dateInFuture: 'The date cannot be in the future',
  dateTooFarBack: 'The date cannot be more than 6 months back',
  // Not of the spec: any day a call takes (schemas/dates.ts), shown as the product shows dates.
  dateFormat: 'Use the form yyyy-MM-dd',
  dateNotReal: 'Not a real date',
  dateOutsideWindow: `The date must be between ${shownDay(EARLIEST_DAY)} and ${shownDay(LATEST_DAY)}`,
} as const;

export const errorMessages = {
  operationFailed: 'Operation failed',
  cancelPnrFailed: (message?: string) =>
    message ? `Operation failed. ${message}` : 'Operation failed. Please try again later.',
  detailsFailed: 'Problems with fetching notification details.',
  genericTitle: 'Something has happened',
  genericText: 'Please try again later',
  rulesErrorTitle: 'Error',
  rulesErrorText: 'Something has happened',
  rulesNoDataTitle: 'No Data',
  rulesNoDataText: 'No Data Available',
  submitFailed: 'Submit failed! Try again later',
  smsCodeInvalid: 'Verification code is invalid',
  smsCodeExpired: 'The SMS code has expired. Please return back and try again',
  smsConfirmFailed: 'Code confirmation failed',
  loginLinkExpired: 'Sorry, your token expired. Please, sign in.',
  sessionExpired: 'Your session has expired',
  phoneUnparsable: 'Unknown phone number',
  phoneMissing: 'Phone is missing',
  userNotFound: 'Failed to get token because firebase user is not found',
  dashboardFailedTitle: 'Something happened',
  dashboardFailedText: 'Please try again later',
  dashboardNoDataTitle: 'No data to display',
  dashboardNoDataText: 'Please select another filter',
  deleteFailed: 'Delete failed',
  cantLoadNotifications: "Can't load notifications",
  cantLoadPnrs: "Can't load PNRs",
  notificationNotAvailable: 'Notification is not available',
  userDetailsFailed: 'Problem with fetching user details',
  yourDataFailed: 'Problem with fetching your data',
  tableAlreadyExists: 'This table is already exists',
  pageAccessDenied: 'You do not have permission to access this page',
  appAccessDenied: 'You do not have privileges to access the application',
  errorScreenTitle: 'Oops, something went wrong',
  errorScreenText: 'Please help us to resolve the issue and report your feedback',
  storageUnavailable: 'Storage is unavailable. Please change your browser.',
  linkExpiredTitle: 'The link has been expired',
  linkExpiredText: 'Please contact your travel agent',
  emptyChartTitle: 'Not enough data for this chart',
  emptyChartText: 'Please check again later, or change filter selection.',
  // Not of the spec: the answer (503) to any call while the database is out of reach.
  databaseUnavailable: 'SMT cannot reach its database right now. Please try again in a minute.',
  databaseFull:
    'SMT cannot save anything right now: its database has run out of disk space. Please try again later.',
} as const;

// Not of the spec: an agency with no reservation system to watch, as production starts every
// agency (docs/decisions/054); the steps are the README's 'Connect your Duffel account'.
export const connectionHelpTexts = {
  connectDuffel:
    "To watch the agency's bookings, connect its Duffel account: make an access token in " +
    "Duffel's dashboard (duffel.com), then choose 'Connect Duffel' and give the token and the " +
    'branch new orders land on.',
  noRealConnection:
    'This agency is not connected to a reservation system. Connect its Duffel account on the ' +
    'Connections page before adding a PNR.',
  // A booking whose connection was disconnected is never sent to its provider (decision 058):
  // an action on it is refused, and PNR info names the provider so.
  disconnected: (provider: string) =>
    `This booking's ${provider} connection is disconnected: connect it again to act on it.`,
  storedOnly: (provider: string) => `${provider} (disconnected: the booking as last stored)`,
} as const;

// Not of the spec: what Sabre's system queues hold (docs/decisions/070), for PNR info to say
// which queue a Sabre PNR was found on. Any other number is one of the agency's own queues.
const SABRE_QUEUE_HOLDS: Partial<Record<number, string>> = {
  5: 'schedule changes',
  6: 'schedule changes',
  7: 'cancelled segments, HX',
  9: 'ticketing time limits',
  17: 'waitlists cleared',
  18: 'waitlists cleared',
};

/** 'Sabre queue 5 (schedule changes)', or 'Sabre queue 42' for one of the agency's own. */
export const sabreQueueText = (queue: number): string => {
  const holds = SABRE_QUEUE_HOLDS[queue];
  return holds === undefined ? `Sabre queue ${queue}` : `Sabre queue ${queue} (${holds})`;
};

export const successMessages = {
  userUpdated: 'User successfully updated!',
  // Spelling as in the product.
  settingsSaved: 'Settings succesfully saved',
  unregistered: 'Unregister successful',
  copiedToClipboard: 'Copied to clipboard',
} as const;

export const ticketingMessages = {
  SUCCESS: 'PNR has been ticketed',
  PARTIAL_SUCCESS: 'Failed to issue tickets for some extras (seats/ancillaries)',
  LOCKED: 'Ticketing is in progress',
  FAILURE: 'Ticketing has been failed',
  EXPIRED: 'Ticketing has been skipped',
} as const;

export const uiTexts = {
  loginTagline: 'Your virtual assistant.',
  loginSubtitle: 'You are two steps away from starting to maximize profits!',
  reportFeedback: 'Report feedback',
  backToLogin: 'Back to login page',
  downloadCsv: 'Download CSV',
  noDataAvailable: 'No data available',
  noNotifications: 'No notifications',
  noPnrs: 'No PNRS found',
  pnrCancelled: 'This PNR is cancelled',
  noFreeBaggage: 'New conditions do not include free baggage',
  ticketedRepriceWarning:
    'Attention: Please notice that this PNR is ticketed. Press OK to perform reprice or cancel to abort.',
  actualSaving: 'Actual Saving',
  defaultShareHeader: 'Your reservation',
  // Said on the login page and the profile alike (SPEC §9: a permanent cookie, with a warning).
  keepLoggedIn: 'Keep me logged in',
  keepLoggedInWarning:
    'You will stay signed in on this device and no login will protect your session here. ' +
    'Choose it only on a device no one else uses.',
} as const;
