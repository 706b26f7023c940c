// What went wrong at Sabre, in our words. Sabre's own texts (a REST error's description, a
// fault's faultstring, a host message) never reach a person or a log: only the codes below,
// which name no traveller and no secret, are carried (docs/decisions/053, 070).

/** Sabre's codes are capitals, digits, dots and underscores; anything else is not passed on. */
const CODE = /^[A-Z][A-Z0-9_.]{0,63}$/;
export const codeOf = (value: unknown) =>
  typeof value === 'string' && CODE.test(value) ? value : null;

/**
 * Sabre refused what was asked of this booking (a REST `errors` answer, a service's business
 * error): the agent reads `message`; the connection itself is fine.
 */
export class SabreRefused extends Error {
  constructor(
    message: string,
    /** Sabre's error type or code, when it gave one that is a code. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'SabreRefused';
  }
}

/**
 * The connection cannot be used: credentials refused, no session to be had, Sabre down. A
 * check fails with it and is tried again; an action answers it as Sabre being unreachable.
 */
export class SabreUnavailable extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'SabreUnavailable';
  }
}

/**
 * The request went and no answer came back: whether it took effect is unknown, so a call that
 * changes the booking is never sent again; the booking is read to learn what happened.
 */
export class SabreAnswerLost extends Error {
  constructor(readonly operation: string) {
    super(`Sabre did not answer ${operation}`);
    this.name = 'SabreAnswerLost';
  }
}

/** The SOAP session's token is no longer valid (timed out, closed): a new session is made. */
export class SabreSessionExpired extends Error {
  constructor() {
    super('the Sabre session expired');
    this.name = 'SabreSessionExpired';
  }
}

// Sabre's USG codes (its 'Default Errors for SOAP APIs' table) and what they mean here.
const SESSION_EXPIRED = new Set(['USG_INVALID_SECURITY_TOKEN', 'USG_INVALID_SESSION']);
const CREDENTIALS = new Set([
  'USG_AUTHENTICATION_FAILED',
  'USG_PASSWORD_NOTFOUND',
  'USG_PASSWORD_CHANGE_REQUIRED',
  'USG_AUTHORIZATION_FAILED',
]);
/** Sabre's table: wait at least 500 ms and send again. */
export const BUSY = new Set(['USG_IS_BUSY', 'USG_CONNECTOR_IS_BUSY', 'USG_SECURITY_ICE_ERROR']);
export const BUSY_WAIT_MS = 500;

/** The error a SOAP fault stands for, from its USG code or, without one, its faultcode. */
export function faultError(faultCode: string | null, usgCode: string | null): Error {
  const code = usgCode ?? faultCode;
  if ((usgCode && SESSION_EXPIRED.has(usgCode)) || faultCode?.endsWith('InvalidSecurityToken'))
    return new SabreSessionExpired();
  if ((usgCode && CREDENTIALS.has(usgCode)) || faultCode?.endsWith('AuthenticationFailed'))
    return new SabreUnavailable(
      usgCode === 'USG_AUTHORIZATION_FAILED'
        ? 'Sabre does not let this EPR use the service: ask Sabre to grant it'
        : 'Sabre refused the EPR, PCC or password',
      code,
    );
  if (usgCode === 'USG_RESOURCE_UNAVAILABLE')
    return new SabreUnavailable('Sabre has no session free for this PCC: try again shortly', code);
  if (usgCode && BUSY.has(usgCode))
    return new SabreUnavailable('Sabre is busy: try again shortly', code);
  return new SabreUnavailable(`Sabre answered with a fault${code ? ` (${code})` : ''}`, code);
}

/** A REST answer's `errors`, reduced to their codes, as a refusal the agent can read. */
export function restRefusal(operation: string, errors: unknown[]): SabreRefused {
  const types = errors
    .slice(0, 5)
    .map((error) =>
      typeof error === 'object' && error !== null
        ? (codeOf((error as Record<string, unknown>).type) ??
          codeOf((error as Record<string, unknown>).category))
        : null,
    )
    .filter((type): type is string => type !== null);
  const [first] = types;
  return new SabreRefused(
    `Sabre refused ${operation}${types.length > 0 ? ` (${[...new Set(types)].join(', ')})` : ''}`,
    first ?? null,
  );
}
