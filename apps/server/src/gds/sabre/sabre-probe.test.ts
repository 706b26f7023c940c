import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardAllowing } from '../../../test/outgoing-guard';
import { startSabreStandIn, type SabreStandIn } from '../../../test/sabre-stand-in/stand-in';
import type { PnrScript } from '../../../test/sabre-stand-in/world';
import { createOutgoingGuard } from '@/lib/outgoing-address';
import { silentLog } from '../../../test/silent-log';
import { SABRE_SYSTEM_QUEUES } from './sabre-adapter';
import { probeSabre, type SabreProbeAccess } from './sabre-probe';

let sabre: SabreStandIn;

const PNR: PnrScript = {
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
};

const accessOf = (over: Partial<SabreProbeAccess> = {}): SabreProbeAccess => ({
  ...sabre.credentials,
  restUrl: sabre.restUrl,
  soapUrl: sabre.soapUrl,
  queues: SABRE_SYSTEM_QUEUES,
  environment: 'CERT',
  ...over,
});
const guard = () => guardAllowing([sabre.url]);

beforeAll(async () => {
  sabre = await startSabreStandIn();
  const first = sabre.addPnr(PNR);
  const second = sabre.addPnr(PNR);
  sabre.placeOnQueue(first, 5);
  sabre.placeOnQueue(second, 5);
  sabre.placeOnQueue(second, 9);
});
afterAll(() => sabre.close());

describe('probeSabre', () => {
  it('should sign in and count each watched queue when the EPR, PCC and password are right', async () => {
    expect(await probeSabre(accessOf(), guard())).toEqual({
      ok: true,
      message:
        'Signed in to Sabre certification as EPR 7971 at G7RE. Queues: 5 (2), 6 (0), 7 (0), 9 (1), 17 (0), 18 (0)',
    });
  });

  it("should name production and only the connection's own queues when it reads those", async () => {
    const result = await probeSabre(accessOf({ environment: 'PROD', queues: [9, 100] }), guard());
    expect(result.message).toBe(
      'Signed in to Sabre production as EPR 7971 at G7RE. Queues: 9 (1), 100 (0)',
    );
  });

  it('should close the sessions it opened when it is done', async () => {
    await probeSabre(accessOf(), guard());
    expect(sabre.openSessions()).toBe(0);
  });

  it('should say Sabre refused the sign-in, without the password, when the password is wrong', async () => {
    const result = await probeSabre(accessOf({ password: 'NOT-THE-PASSWORD' }), guard());
    expect(result).toEqual({ ok: false, message: 'Sabre refused the EPR, PCC or password' });
  });

  it('should say why the address may not be reached when the guard refuses it', async () => {
    // A production server's guard: loopback and plain http are not reached.
    const strict = createOutgoingGuard({
      rules: { production: true, allowedHosts: [], operatorOrigins: [] },
      log: silentLog,
    });
    const result = await probeSabre(accessOf(), strict);
    const host = new URL(sabre.url).host;
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(
      new RegExp(`^${host.replace('.', '\\.')} is not an address this server may reach: .+`),
    );
  });

  it('should name only the host when nothing answers there', async () => {
    const result = await probeSabre(
      accessOf({ soapUrl: 'http://127.0.0.1:1/websvc' }),
      guardAllowing(['http://127.0.0.1:1']),
    );
    expect(result).toEqual({ ok: false, message: '127.0.0.1:1 could not be reached' });
  });
});
