import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

// The load generator of http.bench.ts, in a thread of its own so that it does not share the
// measured server's event loop: `connections` keep-alive connections, each sending its next
// request as soon as the answer before has been read to the end, for a warm-up and then a
// window in which every answer's latency and status are recorded.

export type LoadJob = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** A JSON body, for POST. */
  body?: string;
  connections: number;
  warmUpMs: number;
  windowMs: number;
};

export type LoadResult = {
  /** Latency of every request answered within the window, ms, in the order answered. */
  latencies: Float64Array;
  /** Answers within the window per second. */
  perSecond: number;
  /** Answers other than 200, warm-up included, and the first of them. */
  errors: number;
  firstError: string | null;
  /** The bytes of the last answer's body. */
  bodyBytes: number;
};

type Answer = { status: number; bytes: number; head: string };

function send(job: LoadJob, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = job.body === undefined ? undefined : Buffer.from(job.body);
    const req = request(
      job.url,
      {
        method: job.method,
        agent,
        headers: {
          ...job.headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        let head = '';
        res.on('data', (chunk: Buffer) => {
          if (head.length < 300) head += chunk.toString('utf8', 0, 300 - head.length);
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, head }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function run(job: LoadJob): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.connections });
  const started = performance.now();
  const windowStart = started + job.warmUpMs;
  const windowEnd = windowStart + job.windowMs;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let bodyBytes = 0;
  const connection = async () => {
    while (performance.now() < windowEnd) {
      const sent = performance.now();
      let answer: Answer;
      try {
        answer = await send(job, agent);
      } catch (error) {
        answer = { status: 0, bytes: 0, head: String(error) };
      }
      const answered = performance.now();
      bodyBytes = answer.bytes;
      if (answer.status !== 200) {
        errors += 1;
        firstError ??= `${answer.status} ${answer.head}`;
      }
      if (answered >= windowStart && answered <= windowEnd) latencies.push(answered - sent);
    }
  };
  await Promise.all(Array.from({ length: job.connections }, connection));
  agent.destroy();
  return {
    latencies: Float64Array.from(latencies),
    perSecond: latencies.length / (job.windowMs / 1000),
    errors,
    firstError,
    bodyBytes,
  };
}

if (parentPort) {
  const port = parentPort;
  const result = await run(workerData as LoadJob);
  port.postMessage(result, [result.latencies.buffer as ArrayBuffer]);
}
