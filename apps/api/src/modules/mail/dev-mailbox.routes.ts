import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { outboxEmails } from '../../db/schema';

// Outside production, the outbox is readable in the browser so that a local install without SMTP
// can still finish sign-up. Production never registers this route.
export const devMailboxRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  const schema = {
    response: { 200: z.string().describe('text/html: the newest 50 outbox emails.') },
  };
  app.get('/dev/mailbox', { schema, config: { access: 'public' } }, async (_request, reply) => {
    const mails = await db
      .select()
      .from(outboxEmails)
      .orderBy(desc(outboxEmails.createdAt))
      .limit(50);
    const items = mails
      .map(
        (mail) =>
          `<article><header><strong>${escapeHtml(mail.subject)}</strong><br>` +
          `<small>To ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</small></header>` +
          `<pre>${escapeHtml(mail.text)}</pre></article>`,
      )
      .join('');
    reply.header('cache-control', 'no-store');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Askwell dev mailbox</title>` +
          `<meta name="viewport" content="width=device-width,initial-scale=1">` +
          `<style>body{font:15px system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#1f2937}` +
          `article{border:1px solid #e5e7eb;border-radius:12px;padding:1rem;margin:1rem 0}` +
          `pre{white-space:pre-wrap;font:14px ui-monospace,monospace;background:#f9fafb;padding:.75rem;border-radius:8px}</style>` +
          `</head><body><h1>Dev mailbox</h1><p>Mail that Askwell would have sent. Set SMTP_URL to send it for real.</p>` +
          `${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
};

function escapeHtml(value: string) {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
