import type { ErrorCode } from '../schemas/api-error';

// Why each module refuses, each reason with its code of CONTRACT's error shape. One list for
// both sides: the server's modules fail with these reasons (their `*.errors.ts`) and answer
// them as the error body's `reason`; the web branches on them, never on a message's words
// (docs/decisions/072). A module's reasons start with its own name, so no two modules share one.

export const accountRefusals = {
  'account.unregister-while-impersonating': 'FORBIDDEN',
  'account.last-super-user': 'CONFLICT',
} as const satisfies Record<`account.${string}`, ErrorCode>;

export const authRefusals = {
  'auth.signed-out': 'UNAUTHORIZED',
  /** The session behind a token or refresh cookie has ended (or never was). */
  'auth.session-expired': 'UNAUTHORIZED',
  /** A token presented with another person's phone or e-mail headers. */
  'auth.identity-mismatch': 'UNAUTHORIZED',
  /** The signed-in (or impersonated) user was disabled during the session. */
  'auth.session-user-disabled': 'UNAUTHORIZED',
  /** The caller's roles do not open the route's page. */
  'auth.page-denied': 'FORBIDDEN',
  'auth.captcha-failed': 'BAD_REQUEST',
  /** A code or link was sent to this e-mail (or phone + e-mail) less than a minute ago. */
  'auth.resend-too-soon': 'RATE_LIMITED',
  /** The hourly sends of this e-mail, address or phone + e-mail are used up (decision 052). */
  'auth.too-many-sends': 'RATE_LIMITED',
  /** No SMS code is pending for this phone and e-mail (none sent, or already used). */
  'auth.code-not-pending': 'BAD_REQUEST',
  'auth.code-expired': 'BAD_REQUEST',
  'auth.code-wrong': 'BAD_REQUEST',
  /** The sign-in link is unknown, used or expired. */
  'auth.link-expired': 'BAD_REQUEST',
  'auth.link-other-email': 'BAD_REQUEST',
  /** The phone is proved, but its user has another e-mail. */
  'auth.phone-taken': 'CONFLICT',
  /** The e-mail is proved, but its owner has another phone. */
  'auth.email-taken': 'CONFLICT',
  /** A proved e-mail that no one with this phone has: registering takes the SMS code. */
  'auth.register-by-sms-first': 'FORBIDDEN',
  /** The user is disabled or not activated: they may not sign in. */
  'auth.no-app-access': 'FORBIDDEN',
} as const satisfies Record<`auth.${string}`, ErrorCode>;

export const connectionsRefusals = {
  /** A caller whose scope is narrower than an agency (a branch manager, say). */
  'connections.agency-only': 'FORBIDDEN',
  'connections.not-found': 'NOT_FOUND',
  'connections.agency-outside': 'FORBIDDEN',
  'connections.disconnected': 'BAD_REQUEST',
  /** The default branch is not one of the connection's agency. */
  'connections.branch-outside': 'BAD_REQUEST',
  'connections.api-url-super-only': 'BAD_REQUEST',
  /** An API address the outgoing guard refuses: private, loopback, plain http (decision 053). */
  'connections.api-url-refused': 'BAD_REQUEST',
  'connections.already-connected': 'CONFLICT',
  'connections.simulator-has-no-token': 'BAD_REQUEST',
  'connections.simulator-takes-no-payment': 'BAD_REQUEST',
  /** A Sabre connection's settings asked of another provider's, or another's of a Sabre one. */
  'connections.wrong-provider': 'BAD_REQUEST',
  /** An unknown connection or a bad signature on a Duffel webhook: answered alike. */
  'connections.webhook-not-genuine': 'UNAUTHORIZED',
  'connections.webhook-not-duffel-event': 'BAD_REQUEST',
} as const satisfies Record<`connections.${string}`, ErrorCode>;

export const creditsRefusals = {
  /** No such credit inside the caller's scope: another agency's is not told apart. */
  'credits.not-found': 'NOT_FOUND',
  /** A credit is entered on one of the caller's bookings, by its locator. */
  'credits.booking-not-found': 'NOT_FOUND',
  'credits.passenger-not-on-booking': 'BAD_REQUEST',
  /** The airline's reference is already in the agency's ledger. */
  'credits.already-recorded': 'CONFLICT',
  /** Past its last day a credit cannot be opened again. */
  'credits.expired': 'CONFLICT',
} as const satisfies Record<`credits.${string}`, ErrorCode>;

export const dashboardRefusals = {
  /** A date outside SPEC §5's dashboard window, at the server's today. */
  'dashboard.dates-out-of-range': 'BAD_REQUEST',
  /** An agency, branch or agent the figures are asked of lies outside the caller's scope. */
  'dashboard.audience-outside': 'FORBIDDEN',
  /** An agency the subscription report is asked of lies outside the caller's scope. */
  'dashboard.agency-outside': 'FORBIDDEN',
} as const satisfies Record<`dashboard.${string}`, ErrorCode>;

export const devRefusals = {
  'dev.not-local-caller': 'FORBIDDEN',
  /** The reservation system is a real one, not the simulator. */
  'dev.not-simulator': 'NOT_FOUND',
  'dev.no-such-booking': 'NOT_FOUND',
  'dev.no-such-agent': 'NOT_FOUND',
} as const satisfies Record<`dev.${string}`, ErrorCode>;

export const impersonationRefusals = {
  'impersonation.already-impersonating': 'FORBIDDEN',
  /** A phone no one has, or of someone out of the caller's reach: answered alike. */
  'impersonation.no-such-target': 'NOT_FOUND',
  'impersonation.switch-to-yourself': 'BAD_REQUEST',
  'impersonation.target-disabled': 'CONFLICT',
  'impersonation.not-impersonating': 'BAD_REQUEST',
} as const satisfies Record<`impersonation.${string}`, ErrorCode>;

export const liveRefusals = {
  /** The person already holds as many live streams as one person may, from other sessions. */
  'live.too-many-for-user': 'RATE_LIMITED',
  /** The client's address already holds as many live streams as one address may. */
  'live.too-many-for-address': 'RATE_LIMITED',
} as const satisfies Record<`live.${string}`, ErrorCode>;

export const managementRefusals = {
  'management.agency-outside': 'FORBIDDEN',
  'management.branch-outside': 'FORBIDDEN',
  'management.agent-outside': 'FORBIDDEN',
  'management.user-outside': 'FORBIDDEN',
  /** A user placed in an agency, branch or agent the caller may not manage. */
  'management.place-outside': 'FORBIDDEN',
  'management.role-not-yours': 'FORBIDDEN',
  'management.defaults-super-only': 'FORBIDDEN',
  /** A row like it exists already, found by a check or by a unique index in a race. */
  'management.duplicate': 'CONFLICT',
  /** Deleting what other rows still refer to. */
  'management.in-use': 'CONFLICT',
  /** An e-mail, phone or PCC another has: audited, and counted per caller (decision 025). */
  'management.taken': 'CONFLICT',
  /** Too many taken values named in the window: every checked write waits. */
  'management.conflicts-limited': 'RATE_LIMITED',
  'management.branch-move': 'CONFLICT',
  'management.agent-move': 'CONFLICT',
  /** Disabling or deleting one's own (or one's real) user. */
  'management.not-yourself': 'CONFLICT',
  'management.settings-already-own': 'CONFLICT',
  'management.settings-follow-default': 'NOT_FOUND',
  'management.agent-not-in-branch': 'BAD_REQUEST',
  'management.branch-not-in-agency': 'BAD_REQUEST',
  'management.connection-outside': 'BAD_REQUEST',
  /** Add PNR in production for an agency with no live real connection (decision 054). */
  'management.no-real-connection': 'CONFLICT',
  /** The reservation system would not make the booking (no such flight, a refused order). */
  'management.booking-refused': 'CONFLICT',
  'management.no-such-agency': 'NOT_FOUND',
  'management.pnr-not-found': 'NOT_FOUND',
} as const satisfies Record<`management.${string}`, ErrorCode>;

export const notificationsRefusals = {
  /** Missing, outside the caller's scope or deleted: alike, so existence does not leak. */
  'notifications.not-found': 'NOT_FOUND',
  /** The notification has no price quote with the fare basis asked for. */
  'notifications.no-such-fare': 'NOT_FOUND',
  /** Any agency, branch or agent a list names lies outside the caller's scope. */
  'notifications.audience-outside': 'FORBIDDEN',
  'notifications.no-main-action': 'BAD_REQUEST',
  /** The operation code does not apply to the notification's type. */
  'notifications.wrong-operation': 'BAD_REQUEST',
  /** Cancelling the PNR asked of a notification other than ticketing-due. */
  'notifications.cancel-not-ticketing-due': 'BAD_REQUEST',
  /** A read-only notification (superseded) is neither operated on nor deleted. */
  'notifications.read-only': 'CONFLICT',
  /** The notification is deleted (status DEL). */
  'notifications.removed': 'CONFLICT',
  'notifications.not-pending': 'CONFLICT',
  /** Someone else completed the notification between the check and the write. */
  'notifications.taken-meanwhile': 'CONFLICT',
  'notifications.no-price-quote': 'CONFLICT',
  'notifications.pnr-cancelled': 'CONFLICT',
  'notifications.pnr-ticketed': 'CONFLICT',
  /** The reservation system no longer has the booking. */
  'notifications.booking-gone': 'CONFLICT',
  /** The reservation system refused to quote the cancellation's refund. */
  'notifications.quote-refused': 'CONFLICT',
  /** The refund quoted now is not the one the agent was shown. */
  'notifications.refund-changed': 'CONFLICT',
  /** What the alert promised no longer holds at the provider (a change now costs more). */
  'notifications.premise-changed': 'CONFLICT',
  /** The booking's connection is disconnected: nothing is sent to its provider. */
  'notifications.connection-disconnected': 'CONFLICT',
  /** The reservation system did not answer (down, timing out). */
  'notifications.gds-failed': 'INTERNAL',
} as const satisfies Record<`notifications.${string}`, ErrorCode>;

export const onboardingRefusals = {
  'onboarding.already-in-agency': 'CONFLICT',
} as const satisfies Record<`onboarding.${string}`, ErrorCode>;

export const organisationRefusals = {
  'organisation.agency-outside': 'FORBIDDEN',
  'organisation.branch-outside': 'FORBIDDEN',
} as const satisfies Record<`organisation.${string}`, ErrorCode>;

export const pnrsRefusals = {
  /** A search's date outside SPEC §5's limits, at the server's today. */
  'pnrs.dates-out-of-range': 'BAD_REQUEST',
  /** Not one of the caller's own bookings (or no longer in the reservation system). */
  'pnrs.not-yours': 'NOT_FOUND',
  'pnrs.not-ota': 'CONFLICT',
  'pnrs.ticketing-unsupported': 'CONFLICT',
  'pnrs.already-ticketed': 'CONFLICT',
  'pnrs.cancelled': 'CONFLICT',
  /** The booking's connection is disconnected: nothing is sent to its provider. */
  'pnrs.connection-disconnected': 'CONFLICT',
  /** The reservation system did not answer a booking's details. */
  'pnrs.gds-failed': 'INTERNAL',
} as const satisfies Record<`pnrs.${string}`, ErrorCode>;

export const pushRefusals = {
  /** Neither a browser's push service nor an address the outgoing guard lets through. */
  'push.endpoint-refused': 'BAD_REQUEST',
  /** Another user holds the endpoint: it is never moved (which user is never said). */
  'push.endpoint-taken': 'CONFLICT',
} as const satisfies Record<`push.${string}`, ErrorCode>;

export const shareRefusals = {
  /** A wrong token, an old link or a deleted notification: the public page says expired. */
  'share.link-expired': 'NOT_FOUND',
  /** The notification to share is missing or outside the caller's scope. */
  'share.not-found': 'NOT_FOUND',
} as const satisfies Record<`share.${string}`, ErrorCode>;

export const subscriptionsRefusals = {
  'subscriptions.branch-outside': 'FORBIDDEN',
  'subscriptions.agent-outside': 'FORBIDDEN',
} as const satisfies Record<`subscriptions.${string}`, ErrorCode>;

/** Every module's reasons with their codes: the error handler answers a reason from here. */
export const CODE_OF_REFUSAL = {
  ...accountRefusals,
  ...authRefusals,
  ...connectionsRefusals,
  ...creditsRefusals,
  ...dashboardRefusals,
  ...devRefusals,
  ...impersonationRefusals,
  ...liveRefusals,
  ...managementRefusals,
  ...notificationsRefusals,
  ...onboardingRefusals,
  ...organisationRefusals,
  ...pnrsRefusals,
  ...pushRefusals,
  ...shareRefusals,
  ...subscriptionsRefusals,
} as const;

/** A module's refusal, as the error body's `reason` names it (`pnrs.already-ticketed`). */
export type Refusal = keyof typeof CODE_OF_REFUSAL;
