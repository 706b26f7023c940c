import { DuffelError } from '@duffel/api';
import { OutgoingRefused, type OutgoingGuard } from '@/lib/outgoing-address';
import { describeFailure } from './duffel/duffel-retry';
import { duffelClientOf } from './duffel/duffel-transport';
import type { DuffelAccess } from './gds-registry';

export type ProbeResult = { ok: boolean; message: string };

/**
 * 'Test connection': one cheap read with the token, told in our words a manager can act on:
 * what answered, its HTTP status and Duffel's error code, never the text of an answer, which
 * would reach the agency's managers, the audit and the log (docs/decisions/053).
 */
export async function probeDuffel(
  access: DuffelAccess,
  guard: OutgoingGuard,
): Promise<ProbeResult> {
  const mode = access.token.startsWith('duffel_live_') ? 'Live mode' : 'Test mode';
  const host = new URL(access.apiUrl).host;
  try {
    const client = duffelClientOf(access, guard);
    const page = await client.orders.list({ limit: 50 });
    if (!Array.isArray(page.data))
      return { ok: false, message: `${host} answered, but not as Duffel's API does` };
    const count = page.data.length;
    const seen = count >= 50 ? '50 or more orders' : `${count} order${count === 1 ? '' : 's'}`;
    return { ok: true, message: `${mode}: the token reads orders at ${host} (${seen})` };
  } catch (error) {
    if (error instanceof OutgoingRefused)
      return {
        ok: false,
        message: `${host} is not an address this server may reach: ${error.reason}`,
      };
    if (error instanceof DuffelError) {
      const status = error.status ?? 0;
      if (status === 401 || status === 403) {
        return {
          ok: false,
          message: `${host} refused the token (${status}): check it is an access token of this Duffel account with orders access`,
        };
      }
      if (status >= 300 && status < 400) {
        return {
          ok: false,
          message: `${host} answered HTTP ${status}, a redirect, which is not followed: give the API's own address`,
        };
      }
      return { ok: false, message: `${host} answered ${describeFailure(error)}` };
    }
    return { ok: false, message: `${host} could not be reached` };
  }
}
