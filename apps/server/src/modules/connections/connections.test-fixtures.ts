import { startSabreStandIn, type SabreStandIn } from '../../../test/sabre-stand-in/stand-in';
import type { PnrScript } from '../../../test/sabre-stand-in/world';

// The Sabre stand-in both the service's and the calls' tests connect to, and the form they
// connect with.

/** The web services password the stand-in takes. */
export const SABRE_PASSWORD = 'WS-PASSWORD';

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

/**
 * Sabre's stand-in with PNRs on queues: two on JRS1's queue 5 (one of them on 9 too), one on
 * TLV1's 17 and one on the sign-in PCC's 7. Demo Travel's branches are at JRS1 and TLV1, Globe
 * Tours' at HFA1; the EPR signs in at G7RE.
 */
export async function startQueuedSabre(): Promise<SabreStandIn> {
  const sabre = await startSabreStandIn({ password: SABRE_PASSWORD });
  const [first, second, third, fourth] = [
    sabre.addPnr({ ...PNR, pcc: 'JRS1' }),
    sabre.addPnr({ ...PNR, pcc: 'JRS1' }),
    sabre.addPnr({ ...PNR, pcc: 'TLV1' }),
    sabre.addPnr(PNR),
  ];
  sabre.placeOnQueue(first, 5);
  sabre.placeOnQueue(second, 5);
  sabre.placeOnQueue(second, 9);
  sabre.placeOnQueue(third, 17);
  sabre.placeOnQueue(fourth, 7);
  return sabre;
}

/** The connect form for `agencyId`, with the stand-in's credentials (the PCC as typed, lower case). */
export const sabreConnectForm = (sabre: SabreStandIn, agencyId: number) => ({
  agencyId,
  epr: sabre.credentials.epr,
  pcc: sabre.credentials.pcc.toLowerCase(),
  password: SABRE_PASSWORD,
});
