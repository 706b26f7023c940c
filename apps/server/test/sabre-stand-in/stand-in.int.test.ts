import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSabreStandIn, type SabreStandIn } from './stand-in';
import type { PnrScript } from './world';

// The stand-in's wire formats, by plain fetch: what a Sabre client sends and reads.

const clock = { now: Date.parse('2026-03-02T09:00:00Z') };
let sabre: SabreStandIn;

beforeAll(async () => {
  sabre = await startSabreStandIn({ now: () => new Date(clock.now) });
});
afterAll(() => sabre.close());

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const basic = (password: string) => `Basic ${b64(`${b64('V1:7971:G7RE:AA')}:${b64(password)}`)}`;
const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, trimValues: true });

const SCRIPT: PnrScript = {
  travelers: [{ givenName: 'Ada', surname: 'Lovelace' }],
  flights: [
    {
      airline: 'BA',
      flightNumber: 117,
      from: 'LHR',
      to: 'JFK',
      departure: '2026-04-10 10:10',
      arrival: '2026-04-10 13:00',
      bookingClass: 'Y',
    },
  ],
  fare: { fareBasis: 'YLOWBA', total: 412.3, taxes: 112.3, currency: 'GBP', freeBags: 1 },
  rules: {
    refundable: false,
    refundPenalty: 0,
    changeable: true,
    changePenalty: 50,
    currency: 'GBP',
  },
  deadline: '2026-03-05T23:59',
  customerNumber: '1234567',
};

async function token(password = 'WS-PASSWORD') {
  return fetch(`${sabre.restUrl}/v2/auth/token`, {
    method: 'POST',
    headers: {
      authorization: basic(password),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
}

async function rest(path: string, body: unknown, bearer: string) {
  const answer = await fetch(`${sabre.restUrl}/v1/trip/orders/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: await answer.json() };
}

async function soap(action: string, security: string, body: string) {
  const answer = await fetch(sabre.soapUrl, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body:
      '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Header>' +
      '<MessageHeader xmlns="http://www.ebxml.org/namespaces/messageHeader"><From><PartyId>Agency</PartyId></From>' +
      `<To><PartyId>SWS</PartyId></To><ConversationId>stand-in-test</ConversationId><Action>${action}</Action></MessageHeader>` +
      `<Security xmlns="http://schemas.xmlsoap.org/ws/2002/12/secext">${security}</Security>` +
      `</SOAP-ENV:Header><SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`,
  });
  const parsed = parser.parse(await answer.text());
  return { status: answer.status, header: parsed.Envelope.Header, body: parsed.Envelope.Body };
}

const LLS = 'xmlns="http://webservices.sabre.com/sabreXML/2011/10"';

async function session() {
  const created = await soap(
    'SessionCreateRQ',
    '<UsernameToken><Username>7971</Username><Password>WS-PASSWORD</Password><Organization>G7RE</Organization><Domain>DEFAULT</Domain></UsernameToken>',
    '<SessionCreateRQ returnContextID="true"><POS><Source PseudoCityCode="G7RE"/></POS></SessionCreateRQ>',
  );
  expect(created.body.SessionCreateRS['@_status']).toBe('Approved');
  const value = created.header.Security.BinarySecurityToken['#text'];
  return `<BinarySecurityToken EncodingType="Base64Binary" valueType="String">${value}</BinarySecurityToken>`;
}

describe('Sabre stand-in', () => {
  it('should issue a bearer token for the EPR, PCC and password and refuse others', async () => {
    const good = await token();
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ token_type: 'bearer', expires_in: 604800 });
    const bad = await token('WRONG');
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('should answer getBooking in Booking Management shape and refuse with HTTP 200 errors', async () => {
    const locator = sabre.addPnr(SCRIPT);
    const { access_token: bearer } = await (await token()).json();
    const { status, body } = await rest('getBooking', { confirmationId: locator }, bearer);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      bookingId: locator,
      isTicketed: false,
      agencyCustomerNumber: '1234567',
      creationDetails: { purchaseDeadlineDate: '2026-03-05', purchaseDeadlineTime: '23:59' },
      travelers: [{ givenName: 'Ada', surname: 'Lovelace', type: 'ADULT', passengerCode: 'ADT' }],
      flights: [
        {
          flightNumber: 117,
          airlineCode: 'BA',
          departureDate: '2026-04-10',
          departureTime: '10:10',
          flightStatusCode: 'HK',
          flightStatusName: 'Confirmed',
        },
      ],
      fares: [{ recordId: '1', totals: { total: '412.30', taxes: '112.30', currencyCode: 'GBP' } }],
      fareRules: [{ isRefundable: false, isChangeable: true }],
    });
    const missing = await rest('getBooking', { confirmationId: 'ZZZZZZ' }, bearer);
    expect(missing).toMatchObject({
      status: 200,
      body: { errors: [{ category: 'RESOURCE_NOT_FOUND', type: 'BOOKING_NOT_FOUND' }] },
    });
    sabre.expireTokens();
    const expired = await rest('getBooking', { confirmationId: locator }, bearer);
    expect(expired).toMatchObject({
      status: 401,
      body: { errorCode: 'ERR.2SG.SEC.INVALID_CREDENTIALS' },
    });
  });

  it('should count queues, list one and remove the PNR open in the session with QR', async () => {
    const first = sabre.addPnr(SCRIPT);
    const second = sabre.addPnr(SCRIPT);
    sabre.placeOnQueue(first, 50);
    sabre.placeOnQueue(second, 50);
    const security = await session();
    const count = await soap(
      'QueueCountLLSRQ',
      security,
      `<QueueCountRQ Version="2.2.1" ${LLS}><QueueInfo><QueueIdentifier PseudoCityCode="G7RE"/></QueueInfo></QueueCountRQ>`,
    );
    expect(count.body.QueueCountRS.QueueInfo.QueueIdentifier).toMatchObject({
      '@_Number': '50',
      '@_Count': '2',
    });
    const listed = await soap(
      'QueueAccessLLSRQ',
      security,
      `<QueueAccessRQ Version="2.1.0" ${LLS}><QueueIdentifier Number="50" PseudoCityCode="G7RE"><List Ind="true"/></QueueIdentifier></QueueAccessRQ>`,
    );
    const lines = listed.body.QueueAccessRS.Line;
    expect(lines.map((line: { UniqueID: { '@_ID': string } }) => line.UniqueID['@_ID'])).toEqual([
      first,
      second,
    ]);
    await soap(
      'TravelItineraryReadRQ',
      security,
      `<TravelItineraryReadRQ Version="3.10.0" xmlns="http://services.sabre.com/res/tir/v3_10"><UniqueID ID="${first}"/></TravelItineraryReadRQ>`,
    );
    const removed = await soap(
      'QueueAccessLLSRQ',
      security,
      `<QueueAccessRQ Version="2.1.0" ${LLS}><Navigation Action="QR"/><QueueIdentifier Number="50" PseudoCityCode="G7RE"/></QueueAccessRQ>`,
    );
    expect(removed.body.QueueAccessRS.ApplicationResults['@_status']).toBe('Complete');
    expect(sabre.queue('G7RE', 50)).toEqual([second]);
    const empty = await soap(
      'QueueAccessLLSRQ',
      security,
      `<QueueAccessRQ Version="2.1.0" ${LLS}><QueueIdentifier Number="51" PseudoCityCode="G7RE"><List Ind="true"/></QueueIdentifier></QueueAccessRQ>`,
    );
    expect(empty.body.QueueAccessRS.ApplicationResults['@_status']).toBe('NotProcessed');
  });

  it('should answer a queued USG fault once, and an ended session with InvalidSecurityToken', async () => {
    const security = await session();
    const ping = `<OTA_PingRQ Version="1.0.0" xmlns="http://www.opentravel.org/OTA/2003/05"><EchoData>hi</EchoData></OTA_PingRQ>`;
    sabre.failNext('OTA_PingRQ', { kind: 'soap-fault', code: 'USG_IS_BUSY' });
    const busy = await soap('OTA_PingRQ', security, ping);
    expect(busy.status).toBe(500);
    expect(busy.body.Fault.faultcode).toBe('soap-env:Server.SystemFailure');
    expect(busy.body.Fault.detail.StackTrace).toMatch(/USG_IS_BUSY$/);
    const pong = await soap('OTA_PingRQ', security, ping);
    expect(pong.body.OTA_PingRS.EchoData).toBe('hi');
    sabre.expireSessions();
    const ended = await soap('OTA_PingRQ', security, ping);
    expect(ended.status).toBe(500);
    expect(ended.body.Fault.faultcode).toBe('soap-env:Client.InvalidSecurityToken');
    expect(ended.body.Fault.detail.StackTrace).toMatch(/USG_INVALID_SECURITY_TOKEN$/);
    expect(sabre.openSessions()).toBe(0);
  });

  it('should cancel a booking whose answer is lost, the client seeing a network error', async () => {
    const locator = sabre.addPnr(SCRIPT);
    const { access_token: bearer } = await (await token()).json();
    sabre.failNext('cancelBooking', { kind: 'lost-answer' });
    await expect(
      rest('cancelBooking', { confirmationId: locator, cancelAll: true }, bearer),
    ).rejects.toThrow();
    expect(sabre.pnr(locator).flights).toEqual([]);
    expect(sabre.pnr(locator).history.map((entry) => entry.action)).toEqual(['AS', 'XS']);
    expect(sabre.calls().at(-1)).toEqual({ api: 'rest', operation: 'cancelBooking', status: 0 });
    const { body } = await rest('getBooking', { confirmationId: locator }, bearer);
    expect(body).toMatchObject({ isCancelable: false });
    expect(body.flights).toBeUndefined();
  });
});
