import { API_ROOT, CODE_OF_REFUSAL, HTTP_STATUS_OF } from '@smt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 38: each call's contract lists the refusals it may answer, and the OpenAPI document
// names them as that call's error answers, per status, with `reason` one of them.

type ErrorAnswer = {
  description: string;
  content: Record<string, { schema: { properties?: { reason?: { enum?: string[] } } } }>;
};
type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

const SESSION = [
  'auth.signed-out',
  'auth.session-expired',
  'auth.identity-mismatch',
  'auth.session-user-disabled',
];

let tested: TestApp;
let document: Document;

beforeAll(async () => {
  tested = await createTestApp('pglite', { seed: false });
  const answer = await tested.app.inject({ method: 'GET', url: `${API_ROOT}/docs` });
  expect(answer.statusCode).toBe(200);
  document = answer.json<Document>();
});

afterAll(async () => {
  await tested.close();
});

/** Each error status of a call with the reasons its answer names, as the document says. */
function refusalsOf(method: string, path: string): Record<string, string[]> {
  const operation = document.paths[`${API_ROOT}/${path}`]?.[method];
  expect(operation, `${method} ${path} is in the document`).toBeDefined();
  const named: Record<string, string[]> = {};
  for (const [status, response] of Object.entries(operation?.responses ?? {})) {
    if (Number(status) < 400) continue;
    const { content, description } = response as ErrorAnswer;
    const reasons = content['application/json']?.schema.properties?.reason?.enum ?? [];
    // The description names the same reasons, for a reader of the document.
    for (const reason of reasons) expect(description).toContain(reason);
    named[status] = reasons;
  }
  return named;
}

describe("the OpenAPI document's refusals", () => {
  it("should list ticketing's refusals under their statuses", () => {
    expect(refusalsOf('get', 'pnr/ticketing')).toEqual({
      401: SESSION,
      403: ['auth.page-denied'],
      404: ['pnrs.not-yours'],
      409: [
        'pnrs.not-ota',
        'pnrs.ticketing-unsupported',
        'pnrs.already-ticketed',
        'pnrs.cancelled',
        'pnrs.connection-disconnected',
      ],
    });
  });

  it("should list a notification's cancel quote's refusals, the GDS's failure as a 500", () => {
    expect(refusalsOf('post', 'pnr/cancel/quote')).toEqual({
      400: ['notifications.cancel-not-ticketing-due'],
      401: SESSION,
      403: ['auth.page-denied'],
      404: ['notifications.not-found'],
      409: [
        'notifications.read-only',
        'notifications.removed',
        'notifications.pnr-cancelled',
        'notifications.pnr-ticketed',
        'notifications.connection-disconnected',
        'notifications.booking-gone',
        'notifications.quote-refused',
      ],
      500: ['notifications.gds-failed'],
    });
  });

  it("should list a public call's refusals without a session's", () => {
    expect(refusalsOf('post', 'auth/email/verify')).toEqual({
      400: ['auth.link-expired', 'auth.link-other-email'],
      403: ['auth.register-by-sms-first', 'auth.no-app-access'],
      409: ['auth.email-taken'],
    });
    expect(refusalsOf('get', 'health')).toEqual({});
  });

  it("should list a user's change refusals, the conflicts' limit a 429", () => {
    expect(refusalsOf('post', 'admin/management/user/update')).toEqual({
      401: SESSION,
      403: [
        'auth.page-denied',
        'management.user-outside',
        'management.role-not-yours',
        'management.place-outside',
      ],
      409: ['management.taken', 'management.duplicate'],
      429: ['management.conflicts-limited'],
    });
  });

  it('should name every reason of every module on some call, under its status', () => {
    const listed = new Map<string, Set<string>>();
    for (const operations of Object.values(document.paths)) {
      for (const { responses } of Object.values(operations)) {
        for (const [status, response] of Object.entries(responses)) {
          if (Number(status) < 400) continue;
          const { content } = response as ErrorAnswer;
          const reasons = content['application/json']?.schema.properties?.reason?.enum ?? [];
          for (const reason of reasons) {
            listed.set(reason, (listed.get(reason) ?? new Set()).add(status));
          }
        }
      }
    }
    const missing = Object.keys(CODE_OF_REFUSAL).filter((reason) => !listed.has(reason));
    expect(missing, 'reasons no call lists').toEqual([]);
    for (const [reason, statuses] of listed) {
      const code = CODE_OF_REFUSAL[reason as keyof typeof CODE_OF_REFUSAL];
      expect([...statuses], reason).toEqual([String(HTTP_STATUS_OF[code])]);
    }
  });
});
