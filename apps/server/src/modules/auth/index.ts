// What other modules may use of the sessions' store.
export { revokeSessionsImpersonating } from './session.repository';
