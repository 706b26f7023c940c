import { NOTIFICATION_TYPES, type NotificationType } from '@smt/shared';

// The words that go with a shared link: written for the traveller, not the agent.

const sentence = (text: string) => text.trim().replace(/[.\s]+$/, '');

export const shareSubject = (pnr: string) => `Your reservation ${pnr}`;

export function shareMessage(
  notification: { type: NotificationType; title: string; titleMessage: string; pnr: string },
  url: string,
): string {
  const { type, title, titleMessage, pnr } = notification;
  switch (NOTIFICATION_TYPES[type].shareable) {
    case 'SC':
      return `The flight schedule of your reservation ${pnr} has changed: ${sentence(titleMessage)}. Details: ${url}`;
    case 'TD':
      return `Your reservation ${pnr} needs to be issued today, please confirm your reservation soon. Details: ${url}`;
    case null:
      return `News about your reservation ${pnr}: ${sentence(title)}. Details: ${url}`;
  }
}
