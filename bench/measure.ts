import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { App } from '@/app';

// What the benches share: order statistics, number formats, and a CSV read as a stream while
// the process's memory is watched.

/** The q-quantile of ascending times (nearest rank). */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

export function median(sorted: number[]): number {
  const mid = sorted.length / 2;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(mid)] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

export const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const thousands = (value: number) => value.toLocaleString('en-US');

export type CsvRun = {
  rows: number;
  seconds: number;
  bytes: number;
  rssBefore: number;
  rssPeak: number;
};

/** A full collection before a memory baseline, so the timings' garbage is not counted. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Streams a CSV call through inject without buffering it, sampling the process's RSS. */
export async function streamCsv(
  app: App,
  request: { url: string; headers: Record<string, string>; payload: object },
): Promise<CsvRun> {
  collectGarbage();
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sample = () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  try {
    const res = await app.inject({ method: 'POST', ...request, payloadAsStream: true });
    if (res.statusCode !== 200) throw new Error(`CSV: ${res.statusCode}`);
    let newlines = 0;
    let bytes = 0;
    for await (const chunk of res.stream() as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines += 1;
      sample();
    }
    // Every line is a row but the header's; no cell of these rows holds a line break.
    return {
      rows: newlines - 1,
      seconds: (performance.now() - started) / 1000,
      bytes,
      rssBefore,
      rssPeak,
    };
  } finally {
    clearInterval(sampler);
  }
}
