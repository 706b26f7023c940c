// The browser storage keys read before the app starts too (app/login-boot.ts), in one place.

/** The session's credentials: local storage when kept logged in, else session storage. */
export const SESSION_CREDENTIALS_KEY = 'smt.session-credentials';

/** The details last sent from this browser (local storage). */
export const LOGIN_DETAILS_KEY = 'smt.login-details';
