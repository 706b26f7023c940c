import * as z from 'zod/mini';

// zod/mini: the SPA checks this before its first screen, which then loads zod's core alone,
// not the full build's own code too (11 KB gzipped). The server reads it just the same.

export const HealthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  db: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const MetaResponse = z.object({ version: z.string() });
export type MetaResponse = z.infer<typeof MetaResponse>;

const SEMVER = /^(\d+)\.(\d+)\.(\d+)/;

/** Whether `candidate` is a newer semantic version than `current`; unparsable is never newer. */
export function isNewerVersion(candidate: string, current: string): boolean {
  const a = SEMVER.exec(candidate);
  const b = SEMVER.exec(current);
  if (!a || !b) return false;
  for (let i = 1; i <= 3; i++) {
    const diff = Number(a[i]) - Number(b[i]);
    if (diff !== 0) return diff > 0;
  }
  return false;
}
