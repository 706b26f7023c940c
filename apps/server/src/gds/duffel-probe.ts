import { Duffel, DuffelError } from '@duffel/api';
import type { DuffelAccess } from './gds-registry';

export type ProbeResult = { ok: boolean; message: string };

/**
 * 'Test connection': one cheap read with the token, told in words a manager can act on. Only
 * Duffel's own error texts are passed on, never a body from whatever else answered.
 */
export async function probeDuffel(access: DuffelAccess): Promise<ProbeResult> {
  const mode = access.token.startsWith('duffel_live_') ? 'Live mode' : 'Test mode';
  const host = new URL(access.apiUrl).host;
  try {
    const client = new Duffel({ token: access.token, basePath: access.apiUrl });
    const page = await client.orders.list({ limit: 50 });
    const count = page.data.length;
    const seen = count >= 50 ? '50 or more orders' : `${count} order${count === 1 ? '' : 's'}`;
    return { ok: true, message: `${mode}: the token reads orders at ${host} (${seen})` };
  } catch (error) {
    if (error instanceof DuffelError) {
      if (error.status === 401 || error.status === 403) {
        return {
          ok: false,
          message: `${host} refused the token (${error.status}): check it is an access token of this Duffel account with orders access`,
        };
      }
      const first = error.errors[0];
      const said = first ? `: ${first.title}. ${first.message}` : '';
      return { ok: false, message: `${host} answered ${error.status ?? 'an error'}${said}` };
    }
    return { ok: false, message: `${host} could not be reached` };
  }
}
