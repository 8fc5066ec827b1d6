// robots.txt and sitemap.xml for the public pages (and the legal ones) (absolute URLs from APP_URL), the price list, and the public pages'
// session probe.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { LEGAL_PAGES } from "../../../shared/legal-pages";
import { PUBLIC_PAGES } from "../../../shared/public-pages";
import { PLANS, plansReplySchema } from "../../../shared/schemas/plans";
import { sessionReplySchema } from "../../../shared/schemas/replies";
import { currentUser } from "../../auth/guards";
import { escapeHtml } from "../../email/layout";

export const publicSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appUrl } = app.ctx.config;
  const robots = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /dev/",
    "",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map(
      (page) =>
        `  <url><loc>${escapeHtml(`${appUrl}${page.path}`)}</loc><changefreq>monthly</changefreq><priority>${page.path === "/" ? "1.0" : "0.8"}</priority></url>`,
    ),
    ...LEGAL_PAGES.map(
      (page) =>
        `  <url><loc>${escapeHtml(`${appUrl}${page.path}`)}</loc><changefreq>yearly</changefreq><priority>0.3</priority></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");

  const cacheFor = "public, max-age=3600";
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", cacheFor).send(robots),
  );
  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("application/xml; charset=utf-8").header("cache-control", cacheFor).send(sitemap),
  );

  app.get(
    "/api/plans",
    {
      schema: {
        tags: ["public site"],
        summary: "The packages: code, name, delivery clock hours, price per currency, users, access months, iterations",
        response: { 200: plansReplySchema },
      },
    },
    async (_request, reply) => reply.header("cache-control", cacheFor).send(PLANS),
  );

  // Unlike GET /api/auth/user, a visitor is a normal answer here (200, not 401), so public pages log no error for it.
  app.get(
    "/api/session",
    {
      schema: {
        tags: ["public site"],
        summary: "Whether the caller is signed in (the Contact page's support button)",
        response: { 200: sessionReplySchema },
      },
    },
    async (request) => ({ signedIn: (await currentUser(request)) !== null }),
  );
};
