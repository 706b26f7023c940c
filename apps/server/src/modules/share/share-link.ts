import { createHmac } from 'node:crypto';
import { safeEqual } from '@/lib/secrets';

/** How long a shared link opens (SPEC §2.12: after that the page says the link expired). */
export const SHARE_LINK_DAYS = 30;
const SHARE_LINK_MS = SHARE_LINK_DAYS * 24 * 60 * 60_000;

export type ShareLink = { id: number; timestamp: number; token: string };

export type ShareLinks = ReturnType<typeof createShareLinks>;

/**
 * Signs and checks public share links. The key is derived from the server secret for this one
 * use, so a share token can never pass for an access token or a captcha signature.
 */
export function createShareLinks(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('share-links').digest();
  const tokenOf = (id: number, timestamp: number) =>
    createHmac('sha256', key).update(`${id}.${timestamp}`).digest('base64url');

  return {
    /** A link to notification `id` made at `at`. */
    sign(id: number, at: Date): ShareLink {
      const timestamp = at.getTime();
      return { id, timestamp, token: tokenOf(id, timestamp) };
    },

    /** Whether a link is ours, unaltered, not from the future and not older than 30 days. */
    verify(link: ShareLink, now: Date): boolean {
      const age = now.getTime() - link.timestamp;
      if (age < 0 || age > SHARE_LINK_MS) return false;
      return safeEqual(link.token, tokenOf(link.id, link.timestamp));
    },
  };
}
