// /dev/mailbox: the outbox, readable in the browser outside production, so a fresh machine can sign in without SMTP.
import { desc, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { outgoingEmails } from "../../db/schema";
import { escapeHtml } from "../../email/layout";

export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  const load = () =>
    app.ctx.db
      .select({
        id: outgoingEmails.id,
        to: outgoingEmails.toAddress,
        subject: outgoingEmails.subject,
        text: outgoingEmails.textBody,
        status: outgoingEmails.status,
        replyTo: outgoingEmails.replyTo,
        icalMethod: sql<string | null>`${outgoingEmails.icalEvent}->>'method'`,
        createdAt: outgoingEmails.createdAt,
      })
      .from(outgoingEmails)
      .orderBy(desc(outgoingEmails.createdAt))
      .limit(50);

  // The calendar file of a meeting invitation, so it can be opened in a calendar without a mail server.
  app.get<{ Params: { id: string } }>("/dev/mailbox/:id/invite.ics", { schema: { hide: true } }, async (request, reply) => {
    const id = /^[0-9a-f-]{36}$/i.test(request.params.id) ? request.params.id : "00000000-0000-0000-0000-000000000000";
    const [mail] = await app.ctx.db
      .select({ icalEvent: outgoingEmails.icalEvent })
      .from(outgoingEmails)
      .where(eq(outgoingEmails.id, id))
      .limit(1);
    if (!mail?.icalEvent) return reply.status(404).send({ message: "Not found", code: "NOT_FOUND" });
    reply
      .type(`text/calendar; charset=utf-8; method=${mail.icalEvent.method}`)
      .header("content-disposition", `attachment; filename="${mail.icalEvent.filename}"`)
      .header("cache-control", "no-store");
    return mail.icalEvent.content;
  });

  app.get("/dev/mailbox.json", { schema: { hide: true } }, async () => ({ emails: await load() }));

  app.get("/dev/mailbox", { schema: { hide: true } }, async (_request, reply) => {
    const emails = await load();
    const items = emails
      .map(
        (m) =>
          `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.status}${m.replyTo ? ` · reply-to ${escapeHtml(m.replyTo)}` : ""}${m.icalMethod ? ` · <a href="/dev/mailbox/${m.id}/invite.ics">calendar file (${escapeHtml(m.icalMethod)})</a>` : ""}</span></header><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join("");
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Blueprint</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:10px;margin:1rem 0;overflow:hidden}header{background:#f9fafb;padding:.75rem 1rem;display:flex;flex-direction:column;gap:.25rem}header span{color:#6b7280;font-size:.85rem}pre{padding:1rem;margin:0;white-space:pre-wrap;font-family:ui-monospace,monospace}</style></head>
<body><main><h1>Dev mailbox</h1><p>Emails kept in the outbox because no <code>SMTP_URL</code> is set. Newest first; reload to refresh.</p>${items || "<p>No emails yet.</p>"}</main></body></html>`;
  });
};
