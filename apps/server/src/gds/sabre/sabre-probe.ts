import type { ProbeResult } from '@/gds/duffel-probe';
import type { SabreConnectionAccess } from '@/gds/gds-registry';
import { OutgoingRefused, type OutgoingGuard } from '@/lib/outgoing-address';
import type { SabreEnvironment } from './sabre-access';
import { createSabreGds } from './sabre-adapter';
import { SabreRefused, SabreUnavailable } from './sabre-errors';

/** What 'Test connection' signs in with, and the environment the connection names. */
export type SabreProbeAccess = SabreConnectionAccess & { environment: SabreEnvironment };

const ENVIRONMENT_NAMES: Record<SabreEnvironment, string> = {
  CERT: 'certification',
  PROD: 'production',
};

/**
 * 'Test connection' on Sabre: signs in and counts the watched queues of the sign-in PCC, told
 * in our words. Sabre's errors already are (sabre-errors.ts); anything else is named by the
 * host only, so neither the password nor a text Sabre sent reaches the managers, the audit or
 * the log (docs/decisions/053).
 */
export async function probeSabre(
  access: SabreProbeAccess,
  guard: OutgoingGuard,
): Promise<ProbeResult> {
  const { environment, queues, ...signIn } = access;
  const client = createSabreGds({ access: signIn, queues, guard });
  try {
    const counts = await client.queueCounts();
    const listed = counts.map(({ queue, count }) => `${queue} (${count})`).join(', ');
    return {
      ok: true,
      message: `Signed in to Sabre ${ENVIRONMENT_NAMES[environment]} as EPR ${signIn.epr} at ${signIn.pcc}. Queues: ${listed}`,
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
