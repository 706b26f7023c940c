import { Duffel, DuffelError } from '@duffel/api';
import type { ApiResponseError, ApiResponseMeta, DuffelResponse } from '@duffel/api/types';
import type { OutgoingGuard } from '@/lib/outgoing-address';

// Duffel's official SDK, with its requests made through the outgoing guard instead of its own
// node-fetch, which follows redirects and keeps whatever an error answer said. The SDK's calls
// and answers stay as they are (its resources call `client.request`, which is replaced here);
// what an error answer said is reduced to its status, error codes and rate-limit headers
// before anything reads it, so no provider's words reach a person, the audit or the log
// (docs/decisions/053).

type SdkRequest = {
  method: string;
  path: string;
  data?: Record<string, unknown>;
  params?: Record<string, unknown>;
};

type SdkClient = { request: (request: SdkRequest) => Promise<DuffelResponse<unknown>> };

const API_VERSION = 'v2';
/** An order list page of 200 orders is a few megabytes; nothing Duffel answers comes near this. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const TIMEOUT_MS = 30_000;
/** What waiting out a rate limit needs of an error answer's headers (duffel-retry.ts). */
const KEPT_HEADERS = ['date', 'retry-after', 'ratelimit-reset'];
/** Duffel's codes are snake case words; anything else is not passed on. */
const CODE = /^[a-z][a-z0-9_]{0,63}$/;

/** The query as the SDK writes it: sorted, arrays as repeated keys. */
function queryOf(params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (value === undefined || value === null) continue;
    for (const each of Array.isArray(value) ? value : [value]) query.append(key, String(each));
  }
  return query.toString();
}

const codeOf = (value: unknown) => (typeof value === 'string' && CODE.test(value) ? value : '');

/** An error answer's errors with their codes only: their titles and messages are dropped. */
function errorsOf(body: unknown): ApiResponseError[] {
  const errors = typeof body === 'object' && body !== null && 'errors' in body ? body.errors : [];
  if (!Array.isArray(errors)) return [];
  return errors.slice(0, 10).map((error: unknown) => {
    const fields =
      typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
    return {
      code: codeOf(fields.code),
      type: codeOf(fields.type),
      title: '',
      message: '',
      documentation_url: '',
    };
  });
}

function keptHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const name of KEPT_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept;
}

const parsed = (text: string, contentType: string | null): unknown => {
  if (!contentType?.includes('json')) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** A Duffel SDK client for one token and address, whose every request the guard makes. */
export function duffelClientOf(
  access: { token: string; apiUrl: string },
  guard: OutgoingGuard,
): Duffel {
  const duffel = new Duffel({ token: access.token, basePath: access.apiUrl });
  const client = (duffel as unknown as { client?: Partial<SdkClient> }).client;
  // The SDK keeps its transport on one client its resources share (a second one, for card
  // payments at Duffel's own api.duffel.cards, is never called here); a version that does not
  // would send around the guard, so it is refused here rather than used.
  if (typeof client?.request !== 'function')
    throw new Error('The Duffel SDK no longer takes our transport: check duffel-transport.ts');

  client.request = async ({ method, path, data, params }: SdkRequest) => {
    const url = new URL(path, access.apiUrl);
    if (params) url.search = queryOf(params);
    const answer = await guard.send(
      url.href,
      {
        method,
        headers: {
          'User-Agent': `Duffel/${API_VERSION} smt`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'Duffel-Version': API_VERSION,
          Authorization: `Bearer ${access.token}`,
        },
        ...(data ? { body: JSON.stringify({ data }) } : {}),
        timeoutMs: TIMEOUT_MS,
        maxAnswerBytes: MAX_ANSWER_BYTES,
      },
      'duffel',
    );
    const body = parsed(answer.body.toString('utf8'), answer.headers.get('content-type'));
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok || (typeof body === 'object' && body !== null && 'errors' in body && body.errors)) {
      const errors = errorsOf(body);
      const failure = new DuffelError({
        // Nothing reads its request id, which is the answer's own words too.
        meta: { status: answer.status, request_id: '' } satisfies ApiResponseMeta,
        errors,
        headers: keptHeaders(answer.headers) as unknown as ConstructorParameters<
          typeof DuffelError
        >[0]['headers'],
        status: answer.status,
      });
      // The SDK leaves it empty; a check that fails on it says this much in its log line.
      const code = errors.find((each) => each.code)?.code;
      failure.message = `Duffel answered HTTP ${answer.status}${code ? `, error code ${code}` : ''}`;
      throw failure;
    }
    // A 2xx that is not Duffel's JSON envelope is not its API: read as an empty answer, it
    // fails the shape checks (duffel-schemas.ts) without quoting what came.
    const envelope = typeof body === 'object' && body !== null ? body : {};
    return {
      ...envelope,
      status: answer.status,
      headers: answer.headers,
    } as unknown as DuffelResponse<unknown>;
  };
  return duffel;
}
