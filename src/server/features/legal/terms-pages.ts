// The public /terms, /privacy and /refunds pages, filled from the company's legal details at request time: the
// build's shell (the public frame and heading, dist/client/pages/legal-<key>.html) with the article put between its
// LEGAL_BODY markers. One small read of the details per request; the page is rendered again only when they changed
// (kept per page by their content), and the browser revalidates it by its ETag. Without a built client (the API
// tests, `serveClient: false`) the same article is served in a plain document.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { LEGAL_BODY, LEGAL_PAGES, type LegalPageKey, type LegalPageMeta, legalArticleHtml } from "../../../shared/legal-pages";
import { escapeHtml } from "../../email/layout";
import { type PreparedHtml, prepareHtml, sendHtml } from "../../http/web";
import { type CompanyLegalRow, readCompanyLegal, termsCompany } from "./company-legal";

function readShell(dir: string | null, key: LegalPageKey): string | null {
  const file = dir ? path.join(dir, "pages", `legal-${key}.html`) : null;
  if (!file || !existsSync(file)) return null;
  const html = readFileSync(file, "utf8");
  return html.includes(LEGAL_BODY.start) && html.includes(LEGAL_BODY.end) ? html : null;
}

function plainDocument(page: LegalPageMeta, article: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title><meta name="description" content="${escapeHtml(page.description)}"></head><body><main id="main"><h1>${escapeHtml(page.heading)}</h1><article id="legal-body">${article}</article></main></body></html>`;
}

export function renderLegalPage(options: { page: LegalPageMeta; shell: string | null; row: CompanyLegalRow | null }): string {
  const { page, shell, row } = options;
  const article = legalArticleHtml(page, row ? termsCompany(row) : null, row ? row.updatedAt.toISOString() : null);
  if (!shell) return plainDocument(page, article);
  const start = shell.indexOf(LEGAL_BODY.start);
  const end = shell.indexOf(LEGAL_BODY.end);
  return `${shell.slice(0, start)}${article}${shell.slice(end + LEGAL_BODY.end.length)}`;
}

export const legalPageRoutes: FastifyPluginAsync<{ dir: string | null }> = async (app, options) => {
  const { ctx } = app;
  const values = { bookingUrl: ctx.config.calendly.bookingUrl, appUrl: ctx.config.appUrl };
  const rendered = new Map<LegalPageKey, { details: string; doc: PreparedHtml }>();
  for (const page of LEGAL_PAGES) {
    const shell = readShell(options.dir, page.key);
    app.get(page.path, { schema: { hide: true } }, async (request, reply) => {
      const row = await readCompanyLegal(ctx.db);
      const details = JSON.stringify(row);
      let entry = rendered.get(page.key);
      if (entry?.details !== details) {
        entry = { details, doc: prepareHtml(renderLegalPage({ page, shell, row }), values) };
        rendered.set(page.key, entry);
      }
      return sendHtml(request, reply, entry.doc, { vary: "Accept-Encoding" });
    });
  }
};
