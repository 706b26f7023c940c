import { Worker } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './load-worker';

export type { LoadJob, LoadResult } from './load-worker';

const WORKER = new URL('./load-worker.ts', import.meta.url);
// A worker does not inherit tsx's loader from the command line: it registers it itself.
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => {
  register();
  return import(${JSON.stringify(WORKER.href)});
});`;

/** Runs one load job in a thread of its own and answers what it measured. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: job });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load worker stopped with code ${code}`));
    });
  });
}
