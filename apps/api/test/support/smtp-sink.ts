import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string };

// A real SMTP server on loopback that keeps what it receives, so tests read codes and links from
// mail that went through nodemailer exactly as in production.
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          text: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  // Port 0: the system picks a free port as it binds, so nothing can take it in between.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (address: string) =>
    received.filter((mail) => mail.to.includes(address.toLowerCase()));

  // Mail is sent in the background: waits until `find` sees what the test waits for, woken by
  // each arriving message (and every 100 ms).
  const waitFor = async (
    find: () => ReceivedMail | undefined,
    timeoutMs: number,
    missing: string,
  ): Promise<ReceivedMail> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = find();
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(missing);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo,
    // The n-th message to an address.
    waitForMail: (address: string, count = 1, timeoutMs = 5_000) =>
      waitFor(() => mailsTo(address)[count - 1], timeoutMs, `no mail #${count} to ${address}`),
    // For a test whose recipient may still be getting an earlier test's mail, which a count would
    // mistake for the one it waits for.
    waitForMailWhere: (
      address: string,
      matches: (mail: ReceivedMail) => boolean,
      timeoutMs = 5_000,
    ) => waitFor(() => mailsTo(address).find(matches), timeoutMs, `no matching mail to ${address}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function codeFrom(mail: ReceivedMail) {
  const code = /verification code is (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}

export function linkFrom(mail: ReceivedMail) {
  const link = /(https?:\/\/\S+\/api\/auth\/reset-password\/\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no link in mail: ${mail.text}`);
  return link;
}

function decodeQuotedPrintable(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
