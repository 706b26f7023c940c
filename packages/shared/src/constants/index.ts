// Business constants and limits of SPEC §9, defined once for client and server.

export const APP_BASE_PATH = '/smtapp';
export const API_ROOT = '/api';

export const SESSION_DURATION_MINUTES_DEFAULT = 30;
export const AUTH_REFRESH_INTERVAL_MS = 15_000;
export const SESSION_CHECK_INTERVAL_MS = 10_000;

export const SNACK_DURATION_MS = 6_000;
export const SESSION_EXPIRED_SNACK_DURATION_MS = 10_000;
export const COPIED_TO_CLIPBOARD_DURATION_MS = 3_000;
export const DIALOG_RESET_DELAY_MS = 100;

export const UNREAD_COUNT_DEBOUNCE_MS = 1_000;
export const TICKETING_SYNC_POLL_MS = 7_000;

export const DEFAULT_PHONE_CODE = '+972';
/** The captcha answer /login-test sends, which the server takes where it allows that page. */
export const CAPTCHA_TEST_KEY_DEFAULT = 'local-test-key';
export const PASSENGERS_SHOWN_COLLAPSED = 2;

export const NOTIFICATION_PAGE_SIZE = 10;
export const DETAILS_PANEL_PAGE_SIZE = 5;
export const PAGE_SIZE = 20;
/** @alias My PNRs pages by the common size. */
export const PNR_LIST_PAGE_SIZE = PAGE_SIZE;
/** The largest page of My PNRs one call returns. */
export const MAX_PNR_CHUNK = 100;
/** My PNRs counts matching bookings up to this; past it the pager says 'more than'. */
export const PNR_COUNT_LIMIT = 10_000;
/** A booking on screen not checked for this long is asked of the GDS again (My PNRs). */
export const PNR_REFRESH_AFTER_MINUTES = 15;
/** The per-booking notification list asks for everything at once (SPEC §7.1). */
export const PNR_NOTIFICATIONS_CHUNK = 9999;
/** No list call returns more than this many rows at once, whatever the client asks. */
export const MAX_CHUNK = 9999;

export const CHART_MAX_ITEMS = 10;

export const DATE_WINDOW_MONTHS = 6;
export const DATE_WINDOW_MONTHS_EXTENDED = 36;
export const MONTHLY_OVERVIEW_MONTHS = 6;

export const AMOUNT_DECIMALS = 2;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;
export const SMALL_SCREEN_BREAKPOINT = 'sm' as const;
export const CONTENT_MAX_WIDTH_PX = 1400;

export const DATE_FORMAT = 'dd/MM/yyyy';
export const TIME_FORMAT = 'HH:mm';
/** Flights carry their times in this form (SPEC §3 Flight). */
export const FLIGHT_DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm';

// The days any call may name (issue 19). Everything the product handles is of this century:
// the bookings it watches were made lately (the dashboard reaches 36 months back) and airlines
// sell about a year ahead, so 2000–2099 leaves decades of room either side. Outside it some
// days cannot even be stored (year 0, year 10000): such a day is the caller's mistake, refused
// with a message before any query runs.
export const EARLIEST_DAY = '2000-01-01';
export const LATEST_DAY = '2099-12-31';

export const BUILD_VERSION = '3.23.8';

/** Colours of the five notification groups (SPEC §9), used by the theme's palette. */
export const GROUP_COLOUR = {
  REPRICE: '#F2C94C',
  ADM: '#E91E63',
  RESCHEDULE: '#7E57C2',
  TICKETING_DUE: '#FB8C00',
  WAITLIST: '#009688',
} as const;
