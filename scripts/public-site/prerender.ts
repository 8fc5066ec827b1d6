// Pre-renders each public page to HTML inside the public entry's template (dist/client/public.html), with its own
// title, description, canonical and Open Graph tags. The page stays HTML in the browser; its interactive parts are
// islands (src/client/features/public-site/islands), and a contact form is rendered as a React root of its own so that
// it can hydrate alone.
import { readFileSync } from "node:fs";
import type { ComponentType } from "react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { CONTACT_FORM_ID_PREFIX, renderIslandsWith } from "../../src/client/features/public-site/components/contact-form-island";
import AboutPage from "../../src/client/features/public-site/pages/AboutPage";
import ContactPage from "../../src/client/features/public-site/pages/ContactPage";
import HowItWorksPage from "../../src/client/features/public-site/pages/HowItWorksPage";
import LandingPage from "../../src/client/features/public-site/pages/LandingPage";
import PricingPage from "../../src/client/features/public-site/pages/PricingPage";
import PrototypingPage from "../../src/client/features/public-site/pages/PrototypingPage";
import { COMPANY_NAME } from "../../src/shared/constants/marketing";
import { PUBLIC_PAGES, type PublicPageKey, type PublicPageMeta } from "../../src/shared/public-pages";
import { RUNTIME_TOKENS } from "../../src/shared/runtime-tokens";
import { entryScripts, pageStylesheet } from "./page-stylesheet";

const PAGES: Record<PublicPageKey, ComponentType> = {
  home: LandingPage,
  about: AboutPage,
  howItWorks: HowItWorksPage,
  prototyping: PrototypingPage,
  pricing: PricingPage,
  contact: ContactPage,
};

const escapeAttr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function headFor(page: Pick<PublicPageMeta, "path" | "title" | "description">): string {
  const url = `${RUNTIME_TOKENS.appUrl}${page.path === "/" ? "/" : page.path}`;
  return [
    `<title>${escapeAttr(page.title)}</title>`,
    `<meta name="description" content="${escapeAttr(page.description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${COMPANY_NAME}" />`,
    `<meta property="og:title" content="${escapeAttr(page.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(page.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join("\n    ");
}

/** A page's head (title, description, canonical) and body in the public template, with its cut stylesheet inline. */
export type PublicPageRenderer = (page: Pick<PublicPageMeta, "path" | "title" | "description">, body: string) => Promise<string>;

export function publicPageRenderer(clientDir: string): PublicPageRenderer {
  const template = readFileSync(`${clientDir}/public.html`, "utf8");
  if (!template.includes("<!--bp:head-->") || !template.includes("<!--bp:body-->")) {
    throw new Error("public.html lost its <!--bp:head--> / <!--bp:body--> markers");
  }
  // The stylesheet goes inline, cut to what the page and its islands use: the first paint then needs nothing but the
  // HTML (no request queued behind the scripts), and the browser parses and matches half the rules.
  const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/;
  const href = template.match(stylesheet)?.[1];
  if (!href) throw new Error("public.html lost its stylesheet link");
  const css = readFileSync(`${clientDir}${href}`, "utf8");
  const scripts = entryScripts(clientDir, "public.html").map((file) => readFileSync(`${clientDir}/${file}`, "utf8"));
  return async (page, body) => {
    const withoutCss = template.replace("<!--bp:head-->", () => headFor(page)).replace("<!--bp:body-->", () => body);
    const pageCss = await pageStylesheet(css, withoutCss, scripts);
    // The disabled link is never fetched; it tells Vite's chunk loader the stylesheet is already here.
    return withoutCss.replace(
      stylesheet,
      () => `<style>${pageCss.replace(/<\/style/gi, "<\\/style")}</style>\n    <link rel="stylesheet" href="${href}" disabled />`,
    );
  };
}

export async function prerenderPublicPages(clientDir: string): Promise<Array<{ key: PublicPageKey; html: string }>> {
  renderIslandsWith((element) => renderToString(element, { identifierPrefix: CONTACT_FORM_ID_PREFIX }));
  const render = publicPageRenderer(clientDir);
  return Promise.all(
    PUBLIC_PAGES.map(async (page) => ({
      key: page.key,
      html: await render(page, renderToString(createElement(PAGES[page.key]))),
    })),
  );
}
