import { publicUrlOf, type Env } from '@/config/env';
import type { EmailMessage } from './messenger';

export type NotificationContent = {
  id: number;
  title: string;
  titleMessage: string;
  pnrSummary: string | null;
  pnr: string;
  /** 1: a reminder to the agent; 2: told to the managers (docs/decisions/064); else 0. */
  stage?: number;
};

// What a chased schedule change's message says first: nobody has handled it yet.
const STAGE_PREFIX: Record<number, string> = {
  1: 'Reminder: ',
  2: 'Not handled yet: ',
};

const titleOf = (content: NotificationContent) =>
  `${STAGE_PREFIX[content.stage ?? 0] ?? ''}${content.title}`;

export type PushPayload = { title: string; body: string; url: string; notificationId: number };

export const notificationUrlOf = (env: Env, id: number) =>
  `${publicUrlOf(env)}/smtapp/notifications/${id}`;

/**
 * The Message-ID of a delivery's e-mail: the same on every try, so a receiver that sees it
 * twice can tell it is one message.
 */
export const messageIdOf = (env: Env, deliveryId: number) =>
  `<delivery.${deliveryId}@${new URL(publicUrlOf(env)).hostname}>`;

export function emailOf(
  env: Env,
  to: string,
  content: NotificationContent,
  messageId?: string,
): EmailMessage {
  const link = notificationUrlOf(env, content.id);
  const lines = [
    titleOf(content),
    content.titleMessage,
    `PNR: ${content.pnr}`,
    content.pnrSummary,
    '',
    `Open the notification: ${link}`,
  ].filter((line) => line !== null && line !== undefined);
  const subject = `${titleOf(content)} – PNR ${content.pnr}`;
  return { to, subject, text: lines.join('\n'), link, ...(messageId ? { messageId } : {}) };
}

export function pushPayloadOf(env: Env, content: NotificationContent): PushPayload {
  return {
    title: titleOf(content),
    body: [`PNR ${content.pnr}`, content.titleMessage].filter(Boolean).join(': '),
    url: notificationUrlOf(env, content.id),
    notificationId: content.id,
  };
}
