import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { isDevEnvironment, type Env } from '@/config/env';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { insertDevMessage } from './dev-inbox.repository';

export type SmsMessage = { to: string; text: string; code?: string };
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  link?: string;
  /** A stable Message-ID (a notification's delivery); nodemailer makes one up otherwise. */
  messageId?: string;
};

// A send gives up well within the lease of a delivery being sent (deliver.ts).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/** Sends SMS and e-mail; outside production every message also lands in the dev inbox. */
export type Messenger = {
  sendSms: (message: SmsMessage) => Promise<void>;
  sendEmail: (message: EmailMessage) => Promise<void>;
  close: () => void;
};

export function createMessenger(deps: {
  env: Env;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}): Messenger {
  const { env, db, clock, log } = deps;
  const devInbox = isDevEnvironment(env);
  const mailer: Transporter | null = env.SMTP_URL
    ? nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS })
    : null;

  return {
    async sendSms(message) {
      if (devInbox) {
        await insertDevMessage(db, {
          channel: 'sms',
          recipient: message.to,
          text: message.text,
          code: message.code ?? null,
          createdAt: clock.now(),
        });
        log.info({ to: message.to, text: message.text }, 'sms (dev inbox)');
      }
      if (env.SMS_WEBHOOK_URL) {
        const response = await fetch(env.SMS_WEBHOOK_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
      } else if (!devInbox) {
        log.error('SMS_WEBHOOK_URL is not set; an SMS could not be sent');
        throw new AppError('INTERNAL', 'SMS cannot be sent right now. Please sign in by Email.');
      }
    },

    async sendEmail(message) {
      if (devInbox) {
        await insertDevMessage(db, {
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          link: message.link ?? null,
          createdAt: clock.now(),
        });
        log.info(
          { to: message.to, subject: message.subject, link: message.link },
          'e-mail (dev inbox)',
        );
      }
      if (mailer) {
        await mailer.sendMail({
          from: env.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.messageId ? { messageId: message.messageId } : {}),
        });
      } else if (!devInbox) {
        log.error('SMTP_URL is not set; an e-mail could not be sent');
        throw new AppError('INTERNAL', 'E-mail cannot be sent right now. Please sign in by SMS.');
      }
    },

    close() {
      mailer?.close();
    },
  };
}
