import type { ShareData } from '@smt/shared';

// Where each share choice leads (SPEC §2.5): the words of the share data, sent as they are.

export const mailtoLinkOf = (share: ShareData) =>
  `mailto:?subject=${encodeURIComponent(share.subject)}&body=${encodeURIComponent(share.messageText)}`;

/** WhatsApp lets the user pick the chat; with an E.164 phone it opens that number's chat. */
export function whatsAppLinkOf(share: ShareData, phone?: string) {
  const to = phone ? phone.replace(/\D/g, '') : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(share.messageText)}`;
}
