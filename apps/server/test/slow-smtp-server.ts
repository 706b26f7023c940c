import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { messageId: string | null; to: string[] };

/**
 * An SMTP server on loopback that takes its time, as a real relay does: it keeps each message
 * with its Message-ID as soon as the whole of it has arrived, then waits 100–300 ms before it
 * says it accepted it. `onMessage` hears of each message in that gap, so a test can kill the
 * sender while it waits for the answer.
 */
export async function startSlowSmtp(onMessage: (mail: ReceivedMail, count: number) => void) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const headers = text.split(/\r?\n\r?\n/)[0] ?? '';
        const mail: ReceivedMail = {
          messageId: /^Message-ID:\s*(\S+)/im.exec(headers)?.[1] ?? null,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        mails.push(mail);
        onMessage(mail, mails.length);
        setTimeout(() => callback(), 100 + Math.floor(Math.random() * 200));
      });
    },
  });
  // A sender killed mid-conversation leaves a broken connection; that is expected here.
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
