// /unsubscribe: the one-click unsubscribe link every notification email carries (RFC 8058). No sign-in: the link's
// token is signed for one user and one kind. GET shows a small page asking to confirm (a link scanner's GET
// changes nothing); POST, from that page or from the mail client's one-click button, turns the kind off.
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NOTIFICATION_KIND_LABELS } from "../../../shared/schemas/account";
import { APP_NAME, escapeHtml } from "../../email/layout";
import { unsubscribe } from "../../email/preferences";
import { readUnsubscribeLink, type UnsubscribeTarget } from "../../email/unsubscribe";
import { badRequest } from "../../errors";
import { errorReplies } from "../../http/openapi";

const query = z.object({
  u: z.string().max(64).optional(),
  k: z.string().max(32).optional(),
  t: z.string().max(128).optional(),
});

const INVALID_LINK = "This unsubscribe link is not valid. Open Profile Settings → Notifications to change your emails.";

function what(target: UnsubscribeTarget): string {
  return target === "digest" ? "daily digest" : `${NOTIFICATION_KIND_LABELS[target].label.toLowerCase()}`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${APP_NAME}</title></head>
<body style="margin:0;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<main style="max-width:480px;margin:48px auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-weight:700;color:#4338ca;margin:0 0 16px">${APP_NAME}</p>
<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

function sendPage(reply: FastifyReply, html: string) {
  return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
}

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // RFC 8058's one-click POST is a form body ("List-Unsubscribe=One-Click"); nothing in it is needed but its arrival.
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    "/unsubscribe",
    { schema: { tags: ["account"], summary: "Asks to confirm turning one kind of email off", querystring: query } },
    async (request, reply) => {
      const link = readUnsubscribeLink(ctx.config.secretKey, request.query);
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store").header("referrer-policy", "no-referrer");
      if (!link) return reply.status(400).send(page("Link not valid", `<p>${escapeHtml(INVALID_LINK)}</p>`));
      const action = `/unsubscribe?${new URLSearchParams(request.query as Record<string, string>).toString()}`;
      return reply.send(
        page(
          "Unsubscribe?",
          `<p>Stop emails about <strong>${escapeHtml(what(link.target))}</strong>? Security emails such as sign-in codes are always sent.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#4338ca;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-weight:600;font-size:15px">Unsubscribe</button></form>`,
        ),
      );
    },
  );

  app.post(
    "/unsubscribe",
    {
      config: { audit: { action: "account.unsubscribed" } },
      schema: {
        tags: ["account"],
        summary: "One-click unsubscribe (RFC 8058): turns the link's kind of email off for the link's user",
        querystring: query,
        response: errorReplies,
      },
    },
    async (request, reply) => {
      const link = readUnsubscribeLink(ctx.config.secretKey, request.query);
      if (!link) throw badRequest(INVALID_LINK);
      await unsubscribe(ctx.db, link.userId, link.target);
      return sendPage(
        reply,
        page(
          "You are unsubscribed",
          `<p>You will no longer get emails about <strong>${escapeHtml(what(link.target))}</strong>. You can turn them back on under Profile Settings → Notifications.</p>`,
        ),
      );
    },
  );
};
