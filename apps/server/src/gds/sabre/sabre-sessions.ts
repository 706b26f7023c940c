import type { OutgoingGuard } from '@/lib/outgoing-address';
import type { SabreAccess } from './sabre-access';
import { BUSY, BUSY_WAIT_MS, SabreSessionExpired, SabreUnavailable } from './sabre-errors';
import { envelopeOf, postSoap, text, type SoapAnswer, type XmlNode } from './sabre-soap';

// A small pool of Sabre SOAP sessions per connection (docs/decisions/070). A session is
// Sabre's work area: a PNR opened in it stays open until another is, so one session serves
// one piece of work at a time. Sabre limits the sessions of a PCC (USG_RESOURCE_UNAVAILABLE
// past it) and ends one after 15 minutes unused; a session idle for long is pinged
// (OTA_PingRQ) before use rather than kept alive by a timer, and all are closed
// (SessionCloseRQ) when the connection's client is dropped.

export const MAX_SESSIONS = 2;
/** Sabre ends a session unused for 15 minutes; one idle longer than this is pinged first. */
export const PING_AFTER_MS = 10 * 60_000;

/** One message in a session: the service's action and the body's XML; answers the body. */
export type SoapCall = (action: string, body: string) => Promise<XmlNode>;

type Session = { token: string; conversationId: string; usedAt: number };

export type SabreSessions = {
  /**
   * Runs `work` in a session of its own; a session that expired meanwhile is replaced and
   * `work` run once more from its start (nothing it did reached the PNR: an expired session's
   * work area is gone with it).
   */
  withSession: <T>(work: (call: SoapCall) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** Sessions open now, idle or at work. */
  open: () => number;
};

export function createSabreSessions(deps: {
  access: SabreAccess;
  guard: OutgoingGuard;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  maxSessions?: number;
}): SabreSessions {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const max = deps.maxSessions ?? MAX_SESSIONS;
  const endpoint = { soapUrl: deps.access.soapUrl, guard: deps.guard };
  const idle: Session[] = [];
  let busy = 0;
  const waiting: (() => void)[] = [];

  const send = async (action: string, body: string, session: Session | null) => {
    const envelope = envelopeOf(
      action,
      session
        ? { kind: 'token', token: session.token, conversationId: session.conversationId }
        : { kind: 'credentials', access: deps.access },
      body,
    );
    try {
      return await postSoap(endpoint, envelope, action);
    } catch (error) {
      // Sabre's table: when busy, wait at least 500 ms and send again (once).
      if (error instanceof SabreUnavailable && error.code && BUSY.has(error.code)) {
        await sleep(BUSY_WAIT_MS);
        return postSoap(endpoint, envelope, action);
      }
      throw error;
    }
  };

  const create = async (): Promise<Session> => {
    const answer: SoapAnswer = await send(
      'SessionCreateRQ',
      `<SessionCreateRQ returnContextID="true" Version="1.0.0" xmlns="http://www.opentravel.org/OTA/2002/11"><POS><Source PseudoCityCode="${deps.access.pcc.replace(/[^A-Z0-9]/gi, '')}"/></POS></SessionCreateRQ>`,
      null,
    );
    const security = answer.header.Security as XmlNode | undefined;
    const token = text(security, 'BinarySecurityToken');
    const conversationId =
      text(answer.body.SessionCreateRS as XmlNode | undefined, 'ConversationId') ??
      text(answer.header.MessageHeader as XmlNode | undefined, 'ConversationId');
    if (!token || !conversationId)
      throw new SabreUnavailable('Sabre opened no session: its answer had no token');
    return { token, conversationId, usedAt: now() };
  };

  const ping = async (session: Session) => {
    await send(
      'OTA_PingRQ',
      `<OTA_PingRQ Version="1.0.0" xmlns="http://www.opentravel.org/OTA/2003/05" TimeStamp="${new Date(now()).toISOString()}"><EchoData>SMT</EchoData></OTA_PingRQ>`,
      session,
    );
    session.usedAt = now();
  };

  const acquire = async (): Promise<Session> => {
    while (idle.length === 0 && busy >= max)
      await new Promise<void>((resolve) => waiting.push(resolve));
    busy += 1;
    try {
      const session = idle.pop();
      if (!session) return await create();
      if (now() - session.usedAt < PING_AFTER_MS) return session;
      try {
        await ping(session);
        return session;
      } catch (error) {
        if (error instanceof SabreSessionExpired) return await create();
        throw error;
      }
    } catch (error) {
      release(null);
      throw error;
    }
  };

  const release = (session: Session | null) => {
    busy -= 1;
    if (session) {
      session.usedAt = now();
      idle.push(session);
    }
    waiting.shift()?.();
  };

  const runIn = async <T>(work: (call: SoapCall) => Promise<T>): Promise<T> => {
    const session = await acquire();
    let keep = true;
    try {
      return await work(async (action, body) => {
        const answer = await send(action, body, session);
        const name = action.replace(/LLSRQ$/, 'RS').replace(/RQ$/, 'RS');
        const found = answer.body[name] ?? Object.values(answer.body)[0];
        return typeof found === 'object' && found !== null ? (found as XmlNode) : {};
      });
    } catch (error) {
      if (error instanceof SabreSessionExpired) keep = false;
      throw error;
    } finally {
      release(keep ? session : null);
    }
  };

  return {
    withSession: async (work) => {
      try {
        return await runIn(work);
      } catch (error) {
        if (error instanceof SabreSessionExpired) return runIn(work);
        throw error;
      }
    },
    close: async () => {
      const closing = idle.splice(0);
      await Promise.allSettled(
        closing.map((session) =>
          send(
            'SessionCloseRQ',
            '<SessionCloseRQ Version="1.0.0" xmlns="http://www.opentravel.org/OTA/2002/11"/>',
            session,
          ),
        ),
      );
    },
    open: () => idle.length + busy,
  };
}
