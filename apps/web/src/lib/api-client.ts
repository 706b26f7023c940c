import {
  API_ROOT,
  ApiErrorBody,
  errorMessages,
  pathOfCall,
  type Call,
  type CallInput,
  type CallResult,
  type ErrorCode,
  type Refusal,
} from '@smt/shared';
// zod/mini's parse takes the shared schemas of both builds, and leaves the full one off /login.
import { safeParse, type core } from 'zod/mini';
import { getSessionCredentials } from '@/lib/session-credentials';

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Please check your connection and try again.';

type ApiErrorInit = {
  status: number;
  code: ErrorCode;
  message: string;
  reason?: string;
  fieldErrors?: Record<string, string>;
  /** The body was the server's error answer, so its message is the server's own words. */
  fromServer?: boolean;
};

/** Every failed call, in the shape of CONTRACT's error body plus the HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** 0 when the server was never reached. */
  readonly status: number;
  readonly code: ErrorCode;
  /**
   * The module's refusal (`pnrs.already-ticketed`) when the product's rule refused: what the
   * web branches on (`isRefusal`), never the message's words nor the bare status.
   */
  readonly reason: string | undefined;
  readonly fieldErrors: Record<string, string> | undefined;
  /** Whether the message is the server's own words, not the client's for an unreadable failure. */
  readonly fromServer: boolean;

  constructor({ status, code, message, reason, fieldErrors, fromServer }: ApiErrorInit) {
    super(message);
    this.status = status;
    this.code = code;
    this.reason = reason;
    this.fieldErrors = fieldErrors;
    this.fromServer = fromServer ?? false;
  }
}

/** Whether a call was refused for one of these reasons (typed: a misspelt one fails to build). */
export const isRefusedFor = (error: unknown, ...reasons: readonly Refusal[]): error is ApiError =>
  error instanceof ApiError &&
  error.reason !== undefined &&
  (reasons as readonly string[]).includes(error.reason);

type Scalar = string | number | boolean;
/** `null` and `undefined` fields are left out; arrays repeat the key, as the server reads them. */
export type FormBody = Record<string, Scalar | readonly Scalar[] | null | undefined>;
export type QueryParams = FormBody;

export type RequestOptions<T> = {
  query?: QueryParams;
  signal?: AbortSignal;
  /** Validates a successful answer; without it the answer is `unknown`. */
  schema?: core.$ZodType<T>;
  /** A call the user did not ask for (a poll): the server does not count it as activity. */
  background?: boolean;
  /** A 403 to this call ends the session, as a 401 does (SPEC §7.2, the organisation lists). */
  forbiddenEndsSession?: boolean;
};

/** Why the session is over: the server no longer knows it, or refused this user outright. */
export type SessionEnd = 'unauthorized' | 'forbidden';
type UnauthorizedListener = (reason: SessionEnd) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Hears every 401 to a call that carried session credentials, and a 403 to a call that asks
 * for it: the session is over.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

type Body = { kind: 'form'; value: FormBody } | { kind: 'json'; value: unknown };

function toSearchParams(fields: FormBody): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    const values: readonly Scalar[] = Array.isArray(value) ? value : [value as Scalar];
    for (const item of values) params.append(key, String(item));
  }
  return params;
}

function buildUrl(path: string, query: QueryParams | undefined): string {
  const url = `${API_ROOT}/${path.replace(/^\/+/, '')}`;
  const search = query ? toSearchParams(query).toString() : '';
  return search ? `${url}?${search}` : url;
}

/** The address of a call under /api, for a caller that reads the answer itself (a stream). */
export const apiUrl = (path: string): string => buildUrl(path, undefined);

/**
 * The session's headers every signed-in call carries, and `X-SMT-Background` on a call the
 * user did not ask for. A stream read with fetch (the live one) sends the same.
 */
export function sessionHeaders(background: boolean): Headers {
  const headers = new Headers();
  const credentials = getSessionCredentials();
  if (credentials) {
    headers.set('SA-REGID', credentials.accessToken);
    headers.set('SA-DN', credentials.phone);
    headers.set('SA-EMAIL', credentials.email);
  }
  if (background) headers.set('X-SMT-Background', '1');
  return headers;
}

function buildHeaders(body: Body | undefined, background: boolean): Headers {
  const headers = sessionHeaders(background);
  headers.set('Accept', 'application/json');
  if (body?.kind === 'json') headers.set('Content-Type', 'application/json');
  // A URLSearchParams body sets its own form content type.
  return headers;
}

function isJson(response: Response): boolean {
  return response.headers.get('content-type')?.includes('application/json') ?? false;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = ApiErrorBody.safeParse(isJson(response) ? await readJson(response) : undefined);
  if (parsed.success) {
    return new ApiError({ status: response.status, ...parsed.data, fromServer: true });
  }
  // Proxies and crashes answer in HTML or plain text; their words mean nothing to a user.
  return new ApiError({
    status: response.status,
    code: 'INTERNAL',
    message: errorMessages.genericTitle,
  });
}

type SendOptions = Pick<
  RequestOptions<unknown>,
  'query' | 'signal' | 'background' | 'forbiddenEndsSession'
> & {
  accept?: string;
};

/** Sends a call and answers its response once it is known to be a success. */
async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: Body | undefined,
  options: SendOptions,
): Promise<Response> {
  let response: Response;
  const headers = buildHeaders(body, options.background ?? false);
  if (options.accept) headers.set('Accept', options.accept);
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body:
        body === undefined
          ? undefined
          : body.kind === 'json'
            ? JSON.stringify(body.value)
            : toSearchParams(body.value),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled query must stay a cancellation for React Query.
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'INTERNAL', message: NETWORK_ERROR_MESSAGE });
  }

  if (headers.has('SA-REGID')) {
    const ended: SessionEnd | null =
      response.status === 401
        ? 'unauthorized'
        : response.status === 403 && options.forbiddenEndsSession
          ? 'forbidden'
          : null;
    if (ended) for (const listener of unauthorizedListeners) listener(ended);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: Body | undefined,
  options: RequestOptions<T>,
): Promise<T> {
  const response = await send(method, path, body, options);
  if (response.status === 204) return undefined as T;

  const data = isJson(response) ? await readJson(response) : await response.text();
  if (!options.schema) return data as T;
  const parsed = safeParse(options.schema, data);
  if (parsed.success) return parsed.data;
  // The server broke its own contract: to the user that is just a failure.
  throw new ApiError({
    status: response.status,
    code: 'INTERNAL',
    message: errorMessages.genericTitle,
  });
}

export type DownloadedFile = { blob: Blob; filename: string | null };

/** The name a Content-Disposition header gives, preferring the RFC 5987 `filename*` form. */
function filenameOfDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const encoded = extended.replace(/^[\w-]*'[\w-]*'/, '').replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  const name = plain?.[2]?.replace(/\\(.)/g, '$1') ?? plain?.[1]?.trim();
  return name ? name : null;
}

/** A call's body as its contract sends it: none for a read, else a form unless it says JSON. */
function bodyOfCall(call: Call, body: unknown): Body | undefined {
  if (call.method === 'GET' || call.method === 'DELETE') return undefined;
  if (call.encoding === 'json') return { kind: 'json', value: body ?? {} };
  // A form body's fields are the scalars its schema coerces from text.
  return { kind: 'form', value: (body ?? {}) as FormBody };
}

const paramsOfCall = (input: { params?: unknown }) =>
  input.params as Record<string, string | number | undefined> | undefined;

/** The call's query, which its schema reads from text as a form's fields are read. */
const queryOfCall = (input: { query?: unknown }) => input.query as QueryParams | undefined;

type CallOptions = Omit<RequestOptions<unknown>, 'schema' | 'query'>;

/** Calls under /api, each through its contract (packages/shared/src/calls). */
export const api = {
  /** A call made through its contract: its path, method, body and answer are the contract's. */
  call: <C extends Call>(
    call: C,
    input: CallInput<C>,
    options: CallOptions = {},
  ): Promise<CallResult<C>> =>
    request(call.method, pathOfCall(call, paramsOfCall(input)), bodyOfCall(call, input.body), {
      ...options,
      query: queryOfCall(input),
      schema: call.answer as core.$ZodType<CallResult<C>> | undefined,
    }),
  /** A file call made through its contract: its bytes and the name the server gave them. */
  callForFile: async (
    call: Call,
    input: { params?: unknown; query?: unknown; body?: unknown },
    options: Pick<CallOptions, 'signal'> = {},
  ): Promise<DownloadedFile> => {
    const response = await send(
      call.method,
      pathOfCall(call, paramsOfCall(input)),
      bodyOfCall(call, input.body),
      { ...options, query: queryOfCall(input), accept: '*/*' },
    );
    const filename = filenameOfDisposition(response.headers.get('content-disposition'));
    return { blob: await response.blob(), filename };
  },
  /**
   * A file answer (a CSV, a spreadsheet): its bytes and the name the server gave it, if any.
   * POSTs the fields as a form, or with `method: 'GET'` sends them as the query string.
   */
  download: async (
    path: string,
    body: FormBody = {},
    options: Pick<RequestOptions<unknown>, 'signal'> & { method?: 'GET' | 'POST' } = {},
  ): Promise<DownloadedFile> => {
    const { method = 'POST', ...rest } = options;
    // Errors still come as the contract's JSON.
    const response =
      method === 'GET'
        ? await send('GET', path, undefined, { ...rest, query: body, accept: '*/*' })
        : await send('POST', path, { kind: 'form', value: body }, { ...rest, accept: '*/*' });
    const filename = filenameOfDisposition(response.headers.get('content-disposition'));
    return { blob: await response.blob(), filename };
  },
};
