import { APP_BASE_PATH, type PublicShareResponse, type ShareData } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import type { Clock } from '@/lib/clock';
import { sanitiseDesignHtml } from '@/modules/management/design-properties.sanitise';
import { publicNotificationOf } from './public-notification';
import type { ShareLink, ShareLinks } from './share-link';
import { shareMessage, shareSubject } from './share.messages';
import { fail } from './share.errors';
import { findDesignProperties, findShareSource } from './share.repository';

// NOT_FOUND is what makes the public page say the link has expired (SPEC §8); a wrong token,
// an old link and a deleted notification all read the same.
const expired = () => fail('share.link-expired', 'The link has been expired');
const missing = () => fail('share.not-found', 'Notification not found');

// The signed link is the authority on the public page: whoever holds it may see that one
// notification, whoever they are.
const LINK_SCOPE: Scope = { kind: 'superUser' };

export function createShareService(deps: {
  db: Db;
  clock: Clock;
  links: ShareLinks;
  publicUrl: string;
}) {
  const { db, clock, links, publicUrl } = deps;

  /** A fresh public link to a notification the caller sees, with the words to send it with. */
  async function shareData(scope: Scope, id: number): Promise<ShareData> {
    const source = await findShareSource(db, scope, id);
    if (!source) throw missing();
    const { timestamp, token } = links.sign(id, clock.now());
    const url = `${publicUrl}${APP_BASE_PATH}/share/notification/${id}/${timestamp}/${token}`;
    return { url, subject: shareSubject(source.pnr), messageText: shareMessage(source, url) };
  }

  /** What a public link opens, while it is valid and its notification is still there. */
  async function openLink(link: ShareLink): Promise<PublicShareResponse> {
    if (!links.verify(link, clock.now())) throw expired();
    const source = await findShareSource(db, LINK_SCOPE, link.id);
    if (!source) throw expired();
    return {
      responseData: publicNotificationOf(source.type, source.pnr, source.data),
      designProperties: await findDesignProperties(db, source.agencyId),
    };
  }

  /**
   * The traveller's page of a link (SPEC §2.12): the same answer as `openLink`, with the
   * agency's header and footer sanitised once more before they are written into the page.
   */
  async function openPage(link: ShareLink): Promise<PublicShareResponse> {
    const { responseData, designProperties } = await openLink(link);
    const sanitised = (html: string | null) => (html === null ? null : sanitiseDesignHtml(html));
    const [header, footer] = await Promise.all([
      sanitised(designProperties.header),
      sanitised(designProperties.footer),
    ]);
    return { responseData, designProperties: { header, footer } };
  }

  return { shareData, openLink, openPage };
}
