import { publicUrlOf, type Env } from '@/config/env';
import type { EmailMessage } from './messenger';

export type NotificationContent = {
  id: number;
  title: string;
  titleMessage: string;
  pnrSummary: string | null;
  pnr: string;
};

export type PushPayload = { title: string; body: string; url: string; notificationId: number };

export const notificationUrlOf = (env: Env, id: number) =>
  `${publicUrlOf(env)}/smtapp/notifications/${id}`;

export function emailOf(env: Env, to: string, content: NotificationContent): EmailMessage {
  const link = notificationUrlOf(env, content.id);
  const lines = [
    content.title,
    content.titleMessage,
    `PNR: ${content.pnr}`,
    content.pnrSummary,
    '',
    `Open the notification: ${link}`,
  ].filter((line) => line !== null && line !== undefined);
  return { to, subject: `${content.title} – PNR ${content.pnr}`, text: lines.join('\n'), link };
}

export function pushPayloadOf(env: Env, content: NotificationContent): PushPayload {
  return {
    title: content.title,
    body: [`PNR ${content.pnr}`, content.titleMessage].filter(Boolean).join(': '),
    url: notificationUrlOf(env, content.id),
    notificationId: content.id,
  };
}
