import { API_ROOT } from '@smt/shared';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 24 moved every route onto one contract per call: the API did not change. The document
// below is GET /api/docs as it was answered before that move (dev routes included); every
// route, parameter, body and answer schema must still read the same. A deliberate change of
// the API rewrites it: OPENAPI_BEFORE=write npx vitest run --project integration <this file>.

const BEFORE = new URL('../test/fixtures/openapi-before-contracts.json', import.meta.url);

/** Keys in a fixed order, so the comparison shows what changed rather than where. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

let tested: TestApp;

beforeAll(async () => {
  tested = await createTestApp('pglite', { seed: false });
});

afterAll(async () => {
  await tested.close();
});

it('should describe the same routes with the same shapes as before the contracts', async () => {
  const answer = await tested.app.inject({ method: 'GET', url: `${API_ROOT}/docs` });
  expect(answer.statusCode).toBe(200);
  // The version is the release's, not the API's.
  const { info, ...document } = answer.json<{ info: { version: string } }>();
  const now = sortedKeys({ ...document, info: { ...info, version: undefined } });
  if (process.env.OPENAPI_BEFORE === 'write') {
    writeFileSync(BEFORE, `${JSON.stringify(now, null, 1)}\n`);
  }
  expect(existsSync(BEFORE), 'the document before the contracts is missing').toBe(true);
  const before = JSON.parse(readFileSync(BEFORE, 'utf8')) as unknown;
  expect(Object.keys((now as { paths: object }).paths)).toEqual(
    Object.keys((before as { paths: object }).paths),
  );
  expect(now).toEqual(before);
});
