import { z } from 'zod';
import { OutgoingFailed, type OutgoingGuard } from '@/lib/outgoing-address';
import { tokenCredentialsOf, type SabreAccess } from './sabre-access';
import { restRefusal, SabreAnswerLost, SabreUnavailable } from './sabre-errors';

// Sabre's REST services (Booking Management and the token) through the outgoing guard. The
// token is Sabre's sessionless ATK: asked once, kept until a minute before its `expires_in`,
// asked again after a 401. Sabre answers a refused request with HTTP 200 and an `errors`
// list (its REST response structure); those become SabreRefused with their codes only.

const TokenShape = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive(),
});

const TIMEOUT_MS = 30_000;
/** A booking with its tickets and fares is tens of kilobytes; nothing Sabre answers nears this. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const EARLY_MS = 60_000;

/** A read can be sent again after a lost answer; an effect never is (it may have been made). */
export type RestKind = 'read' | 'effect';

export type SabreRest = {
  post: <T>(path: string, body: unknown, shape: z.ZodType<T>, kind: RestKind) => Promise<T>;
  /** Signs in, to tell the agency its credentials are right. */
  signIn: () => Promise<void>;
};

export function createSabreRest(deps: {
  access: SabreAccess;
  guard: OutgoingGuard;
  now?: () => number;
}): SabreRest {
  const { access, guard } = deps;
  const now = deps.now ?? Date.now;
  let token: { value: string; until: number } | null = null;

  const send = async (path: string, init: { headers: Record<string, string>; body: string }) => {
    try {
      return await guard.send(
        new URL(path, access.restUrl).href,
        { method: 'POST', ...init, timeoutMs: TIMEOUT_MS, maxAnswerBytes: MAX_ANSWER_BYTES },
        'sabre',
      );
    } catch (error) {
      if (error instanceof OutgoingFailed) throw new SabreAnswerLost(path);
      throw error;
    }
  };

  const tokenOf = async (): Promise<string> => {
    if (token && now() < token.until) return token.value;
    let answer;
    try {
      answer = await send('/v2/auth/token', {
        headers: {
          Authorization: `Basic ${tokenCredentialsOf(access)}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      });
    } catch (error) {
      if (error instanceof SabreAnswerLost)
        throw new SabreUnavailable('Sabre could not be reached');
      throw error;
    }
    if (answer.status === 401 || answer.status === 403)
      throw new SabreUnavailable('Sabre refused the EPR, PCC or password');
    const parsed = TokenShape.safeParse(jsonOf(answer.body));
    if (answer.status !== 200 || !parsed.success)
      throw new SabreUnavailable(`Sabre's token service answered HTTP ${answer.status}`);
    token = {
      value: parsed.data.access_token,
      until: now() + parsed.data.expires_in * 1000 - EARLY_MS,
    };
    return token.value;
  };

  const post = async <T>(path: string, body: unknown, shape: z.ZodType<T>, kind: RestKind) => {
    const once = async () =>
      send(path, {
        headers: {
          Authorization: `Bearer ${await tokenOf()}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(body),
      });
    let answer;
    try {
      answer = await once();
      // A token Sabre no longer takes (expired early, revoked): one new token, one more try;
      // a 401 means the request itself was not processed.
      if (answer.status === 401) {
        token = null;
        answer = await once();
      }
    } catch (error) {
      if (error instanceof SabreAnswerLost && kind === 'read') answer = await once();
      else throw error;
    }
    if (answer.status === 401) throw new SabreUnavailable('Sabre refused the EPR, PCC or password');
    if (answer.status >= 500) {
      // Sabre failed before it acted, as far as a 5xx says; an effect is still not repeated.
      if (kind === 'effect') throw new SabreAnswerLost(path);
      throw new SabreUnavailable(`Sabre answered HTTP ${answer.status}`);
    }
    const json = jsonOf(answer.body);
    const errors = errorsOf(json);
    if (answer.status >= 400 || errors.length > 0) throw restRefusal(operationOf(path), errors);
    const parsed = shape.safeParse(json);
    if (!parsed.success)
      throw new SabreUnavailable(`Sabre's answer to ${operationOf(path)} was not as documented`);
    return parsed.data;
  };

  return {
    post,
    signIn: async () => {
      token = null;
      await tokenOf();
    },
  };
}

const operationOf = (path: string) => path.split('/').at(-1) ?? path;

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function errorsOf(json: unknown): unknown[] {
  if (typeof json !== 'object' || json === null || !('errors' in json)) return [];
  return Array.isArray(json.errors) ? json.errors : [];
}
