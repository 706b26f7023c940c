import http from 'node:http';
import { performance } from 'node:perf_hooks';

// The soak's HTTP client: every request goes over a real socket to the server child, is timed
// from the first byte sent to the last byte read, and lands in one shared record.

export type Sample = { kind: string; ms: number; status: number; at: number };

export type Failure = { kind: string; status: number; what: string; at: number };

/** Everything the simulated users did, in the order it finished. */
export class SoakLog {
  readonly samples: Sample[] = [];
  readonly failures: Failure[] = [];
  /** Answers outside 2xx that a call named in advance as a possible, correct answer. */
  readonly refusals = new Map<string, number>();
  readonly startedAt = performance.now();

  /** Seconds since the record began. */
  elapsed(): number {
    return (performance.now() - this.startedAt) / 1000;
  }
}

type Scalar = string | number | boolean;
export type Form = { [key: string]: Scalar | readonly Scalar[] | undefined };

/** Repeated keys for lists and nothing for an unset field, as the SPA's api client sends. */
export function encode(fields: Form): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params.toString();
}

export type Call = {
  /** What the latency tables group by. */
  kind: string;
  method: 'GET' | 'POST';
  /** Under /api, without the leading slash. */
  path: string;
  query?: Form;
  form?: Form;
  json?: unknown;
  /**
   * Statuses besides 2xx that are a correct answer to this call (counted as refusals), or a
   * question asked when the answer arrives, since what is correct may change meanwhile.
   */
  allowed?: readonly number[] | ((status: number) => boolean);
};

export type Answer = { status: number; body: Buffer; ok: boolean };

const TIMEOUT_MS = 30_000;

/**
 * One person's browser: its own keep-alive connections (six, as a browser opens per host),
 * its own headers, and an address of its own as the proxy in front of the server tells it.
 */
export class Browser {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  headers: Record<string, string> = {};

  constructor(
    private readonly port: number,
    private readonly address: string,
    private readonly log: SoakLog,
  ) {}

  close(): void {
    this.agent.destroy();
  }

  /** Sends a call; any answer outside 2xx that it did not allow is recorded as a failure. */
  async send(call: Call): Promise<Answer> {
    const query = call.query ? encode(call.query) : '';
    let body: string | undefined;
    const headers: Record<string, string> = {
      ...this.headers,
      accept: 'application/json',
      // The dev inbox is the soak's own back door, not the browser's: it answers only callers
      // on the server's machine, never through a proxy.
      ...(call.path.startsWith('dev/') ? {} : { 'x-forwarded-for': this.address }),
    };
    if (call.json !== undefined) {
      body = JSON.stringify(call.json);
      headers['content-type'] = 'application/json';
    } else if (call.form) {
      body = encode(call.form);
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await this.request(call, query, headers, body);
    } catch (error) {
      const what = error instanceof Error ? error.message : String(error);
      this.log.failures.push({ kind: call.kind, status: 0, what, at: this.log.elapsed() });
      return { status: 0, body: Buffer.alloc(0), ok: false };
    }
    const at = this.log.elapsed();
    this.log.samples.push({
      kind: call.kind,
      ms: performance.now() - started,
      status: answer.status,
      at,
    });
    if (!answer.ok) {
      const allowed = call.allowed;
      if (
        typeof allowed === 'function' ? allowed(answer.status) : allowed?.includes(answer.status)
      ) {
        const key = `${call.kind} ${answer.status}`;
        this.log.refusals.set(key, (this.log.refusals.get(key) ?? 0) + 1);
      } else {
        const what = answer.body.toString('utf8').slice(0, 300);
        this.log.failures.push({ kind: call.kind, status: answer.status, what, at });
      }
    }
    return answer;
  }

  /** Sends a call and reads its JSON answer; `null` when it failed (already recorded). */
  async json<T>(call: Call): Promise<T | null> {
    const answer = await this.send(call);
    if (!answer.ok) return null;
    try {
      return JSON.parse(answer.body.toString('utf8')) as T;
    } catch {
      const what = `not JSON: ${answer.body.toString('utf8').slice(0, 100)}`;
      this.log.failures.push({
        kind: call.kind,
        status: answer.status,
        what,
        at: this.log.elapsed(),
      });
      return null;
    }
  }

  private request(
    call: Call,
    query: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: call.method,
          path: `/api/${call.path}${query ? `?${query}` : ''}`,
          agent: this.agent,
          headers:
            body === undefined
              ? headers
              : { ...headers, 'content-length': Buffer.byteLength(body) },
          timeout: TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            resolve({ status, body: Buffer.concat(chunks), ok: status >= 200 && status < 300 });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
      request.on('error', reject);
      request.end(body);
    });
  }
}
