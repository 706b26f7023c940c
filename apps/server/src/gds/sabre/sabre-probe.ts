import type { ProbeResult } from '@/gds/duffel-probe';
import type { SabreConnectionAccess } from '@/gds/gds-registry';
import { OutgoingRefused, type OutgoingGuard } from '@/lib/outgoing-address';
import type { SabreEnvironment } from './sabre-access';
import { createSabreGds } from './sabre-adapter';
import { SabreRefused, SabreUnavailable } from './sabre-errors';

/**
 * What 'Test connection' signs in with, the environment the connection names and the PCCs it
 * watches (its agency's enabled branches', as the sync walks them; none: the sign-in PCC's).
 */
export type SabreProbeAccess = SabreConnectionAccess & {
  environment: SabreEnvironment;
  pccs: readonly string[];
};

const ENVIRONMENT_NAMES: Record<SabreEnvironment, string> = {
  CERT: 'certification',
  PROD: 'production',
};

/**
 * 'Test connection' on Sabre: signs in and counts the watched queues of each watched PCC, told
 * in our words. Sabre's errors already are (sabre-errors.ts); anything else is named by the
 * host only, so neither the password nor a text Sabre sent reaches the managers, the audit or
 * the log (docs/decisions/053). A PCC whose queues Sabre will not count fails the test, the
 * others' counts told beside it: the sync would find nothing of that branch.
 */
export async function probeSabre(
  access: SabreProbeAccess,
  guard: OutgoingGuard,
): Promise<ProbeResult> {
  const { environment, queues, pccs, ...signIn } = access;
  const watched = pccs.length > 0 ? [...new Set(pccs)] : [signIn.pcc];
  const client = createSabreGds({ access: signIn, queues, guard });
  try {
    let ok = true;
    const parts: string[] = [];
    for (const pcc of watched) {
      try {
        const counts = await client.queueCounts(pcc);
        const listed = counts.map(({ queue, count }) => `${queue} (${count})`).join(', ');
        parts.push(`${pcc} queues: ${listed}`);
      } catch (error) {
        if (!(error instanceof SabreRefused)) throw error;
        ok = false;
        parts.push(`${error.message}: check the PCC and the EPR's Branch Access to it`);
      }
    }
    return {
      ok,
      message: `Signed in to Sabre ${ENVIRONMENT_NAMES[environment]} as EPR ${signIn.epr} at ${signIn.pcc}. ${parts.join('; ')}`,
    };
  } catch (error) {
    if (error instanceof SabreUnavailable || error instanceof SabreRefused)
      return { ok: false, message: error.message };
    if (error instanceof OutgoingRefused)
      return {
        ok: false,
        message: `${error.host} is not an address this server may reach: ${error.reason}`,
      };
    // Queue counts go over SOAP only: its address is the one that did not answer.
    return { ok: false, message: `${new URL(signIn.soapUrl).host} could not be reached` };
  } finally {
    // Its sessions are closed at Sabre rather than left to time out; a failed close changes nothing.
    await client.close().catch(() => undefined);
  }
}
