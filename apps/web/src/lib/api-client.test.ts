import { defineCall, errorMessages } from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  api,
  ApiError,
  isRefusedFor,
  NETWORK_ERROR_MESSAGE,
  onUnauthorized,
} from '@/lib/api-client';
import { setSessionCredentials } from '@/lib/session-credentials';

const CREDENTIALS = {
  accessToken: 'tok-1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  phone: '+972501234567',
  email: 'a@b.test',
  keepLoggedIn: false,
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

function stubFetch(response: Response | (() => never)) {
  const fetchMock = vi.fn<typeof fetch>(async () =>
    typeof response === 'function' ? response() : response,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof stubFetch>) {
  const [input, init] = fetchMock.mock.calls[0] ?? [];
  const url = input instanceof Request ? input.url : input?.toString();
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
}

// Calls made for these tests through their contracts, as every call of the app is.
const meta = defineCall({
  method: 'GET',
  path: 'meta',
  access: 'public',
  answer: z.object({ version: z.string() }),
});
const read = (path: string) => defineCall({ method: 'GET', path, access: 'signedIn' });
const send = (path: string) => defineCall({ method: 'POST', path, access: 'signedIn' });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  it('should send the session headers when credentials are stored', async () => {
    setSessionCredentials(CREDENTIALS);
    const fetchMock = stubFetch(jsonResponse({ ok: true }));

    await api.call(read('user/details'), {});

    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/user/details');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('SA-REGID')).toBe('tok-1');
    expect(headers.get('SA-DN')).toBe('+972501234567');
    expect(headers.get('SA-EMAIL')).toBe('a@b.test');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('should send no session headers when no credentials are stored', async () => {
    const fetchMock = stubFetch(jsonResponse({}));

    await api.call(read('public/thing'), {});

    const { headers } = sentRequest(fetchMock);
    expect(headers.has('SA-REGID')).toBe(false);
    expect(headers.has('SA-DN')).toBe(false);
    expect(headers.has('SA-EMAIL')).toBe(false);
  });

  it('should mark the call as background when asked to', async () => {
    const fetchMock = stubFetch(jsonResponse({}));

    await api.call(send('auth/refresh'), {}, { background: true });

    expect(sentRequest(fetchMock).headers.get('X-SMT-Background')).toBe('1');
  });

  it('should not mark the call as background when the user asked for it', async () => {
    const fetchMock = stubFetch(jsonResponse({}));

    await api.call(read('getUserDetails'), {});

    expect(sentRequest(fetchMock).headers.has('X-SMT-Background')).toBe(false);
  });

  it('should tell the unauthorized listeners when a signed-in call answers 401', async () => {
    setSessionCredentials(CREDENTIALS);
    stubFetch(jsonResponse({ code: 'UNAUTHORIZED', message: 'Sign in again.' }, 401));
    const listener = vi.fn();
    const stop = onUnauthorized(listener);

    const error = await caught(api.call(read('getUserDetails'), {}));
    stop();

    expect(error.status).toBe(401);
    expect(listener).toHaveBeenCalledExactlyOnceWith('unauthorized');
  });

  it('should end the session on a 403 only when the call asks for it', async () => {
    setSessionCredentials(CREDENTIALS);
    stubFetch(jsonResponse({ code: 'FORBIDDEN', message: 'No.' }, 403));
    const listener = vi.fn();
    const stop = onUnauthorized(listener);

    await caught(api.call(read('admin/listAgencies'), {}));
    expect(listener).not.toHaveBeenCalled();
    const error = await caught(
      api.call(read('admin/listAgencies'), {}, { forbiddenEndsSession: true }),
    );
    stop();

    expect(error.status).toBe(403);
    expect(listener).toHaveBeenCalledExactlyOnceWith('forbidden');
  });

  it('should not tell the unauthorized listeners when a signed-out call answers 401', async () => {
    stubFetch(jsonResponse({ code: 'UNAUTHORIZED', message: 'Session ended.' }, 401));
    const listener = vi.fn();
    const stop = onUnauthorized(listener);

    await caught(api.call(send('auth/refresh'), {}));
    stop();

    expect(listener).not.toHaveBeenCalled();
  });

  it('should form-encode the body when posting by default', async () => {
    const fetchMock = stubFetch(jsonResponse({}));

    const list = defineCall({
      method: 'POST',
      path: 'v2/getNotificationList',
      access: 'signedIn',
      body: z.object({
        group: z.string(),
        offset: z.number(),
        agencyIds: z.array(z.number()),
        branchIds: z.array(z.number()).optional(),
        agentIds: z.array(z.number()).nullable(),
      }),
    });

    await api.call(list, {
      body: {
        group: 'REPRICE',
        offset: 0,
        agencyIds: [1, 2],
        branchIds: undefined,
        agentIds: null,
      },
    });

    const { init, headers } = sentRequest(fetchMock);
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect((init.body as URLSearchParams).toString()).toBe(
      'group=REPRICE&offset=0&agencyIds=1&agencyIds=2',
    );
    // fetch derives the form content type from the URLSearchParams body itself.
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('should send a JSON body when posting JSON', async () => {
    const fetchMock = stubFetch(jsonResponse({ cancellationSuccessful: true }));

    const cancel = defineCall({
      method: 'POST',
      path: 'pnr/cancel',
      access: 'signedIn',
      encoding: 'json',
      body: z.object({ notificationId: z.number() }),
    });

    await api.call(cancel, { body: { notificationId: 42 } });

    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/pnr/cancel');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"notificationId":42}');
  });

  it('should put query parameters in the url when a query is given', async () => {
    const fetchMock = stubFetch(jsonResponse([]));

    const branches = defineCall({
      method: 'GET',
      path: 'admin/listBranches',
      access: 'signedIn',
      query: z.object({ agencyId: z.number(), level: z.string() }),
    });

    await api.call(branches, { query: { agencyId: 7, level: 'AGENT' } });

    expect(sentRequest(fetchMock).url).toBe('/api/admin/listBranches?agencyId=7&level=AGENT');
  });

  it('should send DELETE when deleting', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));

    const unregister = defineCall({
      method: 'DELETE',
      path: 'xapi/unregister/v1',
      access: 'signedIn',
    });

    await expect(api.call(unregister, {})).resolves.toBeUndefined();

    expect(sentRequest(fetchMock).init.method).toBe('DELETE');
  });

  it('should return the validated answer when a schema is given', async () => {
    stubFetch(jsonResponse({ version: '3.23.8', extra: 'dropped' }));

    const answer = await api.call(meta, {});

    expect(answer).toEqual({ version: '3.23.8' });
  });

  it('should throw an internal ApiError when the answer breaks the schema', async () => {
    stubFetch(jsonResponse({ version: 3 }));

    const error = await caught(api.call(meta, {}));

    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe(errorMessages.genericTitle);
  });

  it('should throw an ApiError with field errors when the server answers a contract error', async () => {
    stubFetch(
      jsonResponse(
        {
          code: 'BAD_REQUEST',
          message: 'The request has invalid fields: email.',
          fieldErrors: { email: 'Email is not valid' },
        },
        400,
      ),
    );

    const create = defineCall({
      method: 'POST',
      path: 'admin/management/user/create',
      access: 'signedIn',
      body: z.object({ email: z.string() }),
    });

    const error = await caught(api.call(create, { body: { email: 'x' } }));

    expect(error.status).toBe(400);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('The request has invalid fields: email.');
    expect(error.fieldErrors).toEqual({ email: 'Email is not valid' });
  });

  it('should throw an ApiError without field errors when the contract error has none', async () => {
    stubFetch(jsonResponse({ code: 'FORBIDDEN', message: 'No access.' }, 403));

    const error = await caught(api.call(read('admin/listAgents'), {}));

    expect(error.status).toBe(403);
    expect(error.code).toBe('FORBIDDEN');
    expect(error.fieldErrors).toBeUndefined();
    expect(error.reason).toBeUndefined();
    expect(error.fromServer).toBe(true);
  });

  it("should keep the module's reason of a refusal, which tells apart refusals of one code", async () => {
    stubFetch(
      jsonResponse(
        { code: 'CONFLICT', message: 'This PNR is cancelled.', reason: 'pnrs.cancelled' },
        409,
      ),
    );

    const error = await caught(api.call(read('pnr/ticketing'), {}));

    expect(error.code).toBe('CONFLICT');
    expect(error.reason).toBe('pnrs.cancelled');
    expect(isRefusedFor(error, 'pnrs.cancelled')).toBe(true);
    expect(isRefusedFor(error, 'pnrs.already-ticketed', 'pnrs.not-ota')).toBe(false);
    expect(isRefusedFor(new Error('pnrs.cancelled'), 'pnrs.cancelled')).toBe(false);
  });

  it('should throw an internal ApiError when a 500 answer is not JSON', async () => {
    stubFetch(
      new Response('<html>Bad gateway</html>', {
        status: 500,
        headers: { 'content-type': 'text/html' },
      }),
    );

    const error = await caught(api.call(read('anything'), {}));

    expect(error.status).toBe(500);
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe('Something has happened');
    // The words are the client's, not the server's: a screen says its own instead.
    expect(error.fromServer).toBe(false);
  });

  it('should throw an internal ApiError when an error answer is JSON of another shape', async () => {
    stubFetch(jsonResponse({ error: 'nope' }, 404));

    const error = await caught(api.call(read('anything'), {}));

    expect(error.status).toBe(404);
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe('Something has happened');
  });

  it('should throw an internal ApiError with status 0 when the network fails', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await caught(api.call(read('anything'), {}));

    expect(error.status).toBe(0);
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.fromServer).toBe(false);
  });

  it('should rethrow the abort when the caller cancels the request', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('This operation was aborted', 'AbortError');
    stubFetch(() => {
      throw abort;
    });

    await expect(api.call(read('anything'), {}, { signal: controller.signal })).rejects.toBe(abort);
  });
});

describe('api client downloads', () => {
  function csvResponse(disposition: string | null, status = 200): Response {
    const headers = new Headers({ 'content-type': 'text/csv; charset=utf-8' });
    if (disposition !== null) headers.set('content-disposition', disposition);
    return new Response('Notification ID,Title\n1,Fare drop\n', { status, headers });
  }

  it('should post the form body with the session headers and answer the file when downloading', async () => {
    setSessionCredentials(CREDENTIALS);
    const fetchMock = stubFetch(csvResponse('attachment; filename="notifications-2026-01-31.csv"'));

    const file = await api.download('getNotificationList/csv', {
      group: 'RECENT',
      subtype: ['Complete', 'Failed'],
    });

    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/getNotificationList/csv');
    expect(init.method).toBe('POST');
    expect((init.body as URLSearchParams).toString()).toBe(
      'group=RECENT&subtype=Complete&subtype=Failed',
    );
    expect(headers.get('SA-REGID')).toBe('tok-1');
    expect(headers.get('SA-DN')).toBe('+972501234567');
    expect(headers.get('SA-EMAIL')).toBe('a@b.test');
    expect(file.filename).toBe('notifications-2026-01-31.csv');
    expect(await file.blob.text()).toBe('Notification ID,Title\n1,Fare drop\n');
  });

  it('should send the fields as the query string when downloading by GET', async () => {
    setSessionCredentials(CREDENTIALS);
    const fetchMock = stubFetch(csvResponse('attachment; filename="saving.xlsx"'));

    const file = await api.download(
      'admin/dashboard/export/saving/xls',
      { report: 'ActualSavingPerAirline', id: [3, 4] },
      { method: 'GET' },
    );

    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe(
      '/api/admin/dashboard/export/saving/xls?report=ActualSavingPerAirline&id=3&id=4',
    );
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('SA-REGID')).toBe('tok-1');
    expect(file.filename).toBe('saving.xlsx');
  });

  it('should prefer the encoded file name when the header carries both forms', async () => {
    stubFetch(
      csvResponse(
        `attachment; filename="fallback.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9%20list.csv`,
      ),
    );

    const file = await api.download('x/csv');

    expect(file.filename).toBe('résumé list.csv');
  });

  it('should read an unquoted file name when the header does not quote it', async () => {
    stubFetch(csvResponse('attachment; filename=list.csv'));

    expect((await api.download('x/csv')).filename).toBe('list.csv');
  });

  it('should answer no file name when the header is missing', async () => {
    stubFetch(csvResponse(null));

    expect((await api.download('x/csv')).filename).toBeNull();
  });

  it('should throw the contract error when the download is refused', async () => {
    stubFetch(
      jsonResponse(
        {
          code: 'BAD_REQUEST',
          message: 'The request has invalid fields: dateFrom.',
          fieldErrors: { dateFrom: 'Use the form yyyy-MM-dd' },
        },
        400,
      ),
    );

    const error = await caught(api.download('getNotificationList/csv', { dateFrom: 'x' }));

    expect(error.status).toBe(400);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.fieldErrors).toEqual({ dateFrom: 'Use the form yyyy-MM-dd' });
  });

  it('should tell the unauthorized listeners when a signed-in download answers 401', async () => {
    setSessionCredentials(CREDENTIALS);
    stubFetch(jsonResponse({ code: 'UNAUTHORIZED', message: 'Sign in again.' }, 401));
    const listener = vi.fn();
    const stop = onUnauthorized(listener);

    const error = await caught(api.download('getNotificationList/csv'));
    stop();

    expect(error.status).toBe(401);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('should throw an internal ApiError with status 0 when the network fails during a download', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await caught(api.download('getNotificationList/csv'));

    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});
