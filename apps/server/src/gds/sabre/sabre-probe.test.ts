import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardAllowing } from '../../../test/outgoing-guard';
import { startSabreStandIn, type SabreStandIn } from '../../../test/sabre-stand-in/stand-in';
import type { PnrScript } from '../../../test/sabre-stand-in/world';
import { createOutgoingGuard, type OutgoingGuard } from '@/lib/outgoing-address';
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
  pccs: [],
  ...over,
});
const guard = () => guardAllowing([sabre.url]);

/** Sabre's host text, which no message may carry. */
const HOST_TEXT = 'NOT AUTHORIZED FOR THIS PSEUDO CITY';

/**
 * The stand-in's guard, but QueueCount on `pcc` is answered as an LLS service answers a host
 * refusal: NotProcessed, with the host's message.
 */
function refusingQueueCountOf(pcc: string): OutgoingGuard {
  const inner = guard();
  return {
    check: inner.check,
    send: async (address, request, purpose) => {
      const body = typeof request.body === 'string' ? request.body : '';
      if (!body.includes('<QueueCountRQ') || !body.includes(`PseudoCityCode="${pcc}"`))
        return inner.send(address, request, purpose);
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?><soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"><soap-env:Header/><soap-env:Body>' +
        '<QueueCountRS Version="2.2.1" xmlns="http://webservices.sabre.com/sabreXML/2011/10" xmlns:stl="http://services.sabre.com/STL/v01">' +
        '<stl:ApplicationResults status="NotProcessed"><stl:Error type="BusinessLogic" timeStamp="2026-03-01T10:00:00Z"><stl:SystemSpecificResults>' +
        `<stl:HostCommand>QC/${pcc}</stl:HostCommand><stl:Message>${HOST_TEXT}</stl:Message><stl:ShortText>ERR.SWS.HOST.ERROR_IN_RESPONSE</stl:ShortText>` +
        '</stl:SystemSpecificResults></stl:Error></stl:ApplicationResults></QueueCountRS></soap-env:Body></soap-env:Envelope>';
      return { status: 200, headers: new Headers(), body: Buffer.from(xml) };
    },
  };
}

beforeAll(async () => {
  sabre = await startSabreStandIn();
  const first = sabre.addPnr(PNR);
  const second = sabre.addPnr(PNR);
  sabre.placeOnQueue(first, 5);
  sabre.placeOnQueue(second, 5);
  sabre.placeOnQueue(second, 9);
  // A branch's PCC, other than the one the EPR signs in to.
  const third = sabre.addPnr({ ...PNR, pcc: 'A1B2' });
  sabre.placeOnQueue(third, 7);
  sabre.placeOnQueue(third, 17);
});
afterAll(() => sabre.close());

describe('probeSabre', () => {
  it('should sign in and count each watched queue of the sign-in PCC when no branch has a PCC', async () => {
    expect(await probeSabre(accessOf(), guard())).toEqual({
      ok: true,
      message:
        'Signed in to Sabre certification as EPR 7971 at G7RE. G7RE queues: 5 (2), 6 (0), 7 (0), 9 (1), 17 (0), 18 (0)',
    });
  });

  it('should count the watched queues of each watched PCC, in their order, once each', async () => {
    expect(await probeSabre(accessOf({ pccs: ['G7RE', 'A1B2', 'G7RE'] }), guard())).toEqual({
      ok: true,
      message:
        'Signed in to Sabre certification as EPR 7971 at G7RE. ' +
        'G7RE queues: 5 (2), 6 (0), 7 (0), 9 (1), 17 (0), 18 (0); ' +
        'A1B2 queues: 5 (0), 6 (0), 7 (1), 9 (0), 17 (1), 18 (0)',
    });
    // The branches' PCCs are the ones watched: the sign-in PCC only when one of them.
    expect((await probeSabre(accessOf({ pccs: ['A1B2'] }), guard())).message).toBe(
      'Signed in to Sabre certification as EPR 7971 at G7RE. A1B2 queues: 5 (0), 6 (0), 7 (1), 9 (0), 17 (1), 18 (0)',
    );
  });

  it("should fail in its own words, the other PCCs' counts beside, when Sabre refuses to count a PCC's queues", async () => {
    const result = await probeSabre(
      accessOf({ pccs: ['ZZ99', 'A1B2'], queues: [7, 17] }),
      refusingQueueCountOf('ZZ99'),
    );
    expect(result).toEqual({
      ok: false,
      message:
        'Signed in to Sabre certification as EPR 7971 at G7RE. ' +
        "Sabre refused to count the queues of ZZ99: check the PCC and the EPR's Branch Access to it; " +
        'A1B2 queues: 7 (1), 17 (1)',
    });
    expect(result.message).not.toContain(HOST_TEXT);
    expect(sabre.openSessions()).toBe(0);
  });

  it("should name production and only the connection's own queues when it reads those", async () => {
    const result = await probeSabre(accessOf({ environment: 'PROD', queues: [9, 100] }), guard());
    expect(result.message).toBe(
      'Signed in to Sabre production as EPR 7971 at G7RE. G7RE queues: 9 (1), 100 (0)',
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
