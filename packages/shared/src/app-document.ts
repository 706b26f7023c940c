// What the server writes into the SPA's document and the client reads back from it (issue 39):
// the deployment's settings, so no page waits for a call to learn them, and the links of the
// sign-in page's first screen, which the build renders before any deployment is known.

/** The id of the JSON data element that holds the deployment's `ClientConfig`. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'smt-public-config';

/** Placeholders in the prerendered sign-in page, each replaced by the deployment's link. */
export const FIRST_SCREEN_SLOTS = {
  termsUrl: '%SMT_TERMS_URL%',
  privacyUrl: '%SMT_PRIVACY_URL%',
  /** In the signed-in frame: the route's title (`signedInRouteTitleOf`). */
  pageTitle: '%SMT_PAGE_TITLE%',
} as const;

/** The build's copy of index.html with the sign-in form painted in its #root. */
export const LOGIN_DOCUMENT_FILE = 'login.html';

/** The build's copy of index.html with the signed-in frame painted in its #root. */
export const SHELL_DOCUMENT_FILE = 'shell.html';

/**
 * The meta element of the sign-in page's document that names the app's entry script, which
 * its small start script loads when the form is first used (issue 39).
 */
export const APP_ENTRY_META_NAME = 'smt-app-entry';

/** The `data-*` key on `<html>` that holds the channel of a send asked for before the app ran. */
export const SUBMITTED_BEFORE_START_KEY = 'smtSubmitted';

/**
 * The build's list of the script files each signed-in route's first screen runs, by route
 * pattern (`/notifications/:id`): the server names them in that route's document as module
 * preloads, so the browser fetches them beside the entry instead of after it (decision 082).
 */
export const SHELL_PRELOADS_FILE = 'shell-preloads.json';
