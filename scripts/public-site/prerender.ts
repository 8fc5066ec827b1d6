// Pre-renders each public page to HTML inside the public entry's template (dist/client/public.html), with its own
// title, description, canonical and Open Graph tags, and prefetch hints for the page's own chunks.
import { readFileSync } from "node:fs";
import type { ComponentType } from "react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { preloadDeferredParts } from "../../src/client/features/public-site/components/deferred-part";
import { PublicApp } from "../../src/client/features/public-site/PublicApp";
import AboutPage from "../../src/client/features/public-site/pages/AboutPage";
import ContactPage from "../../src/client/features/public-site/pages/ContactPage";
import HowItWorksPage from "../../src/client/features/public-site/pages/HowItWorksPage";
import LandingPage from "../../src/client/features/public-site/pages/LandingPage";
import PricingPage from "../../src/client/features/public-site/pages/PricingPage";
import PrototypingPage from "../../src/client/features/public-site/pages/PrototypingPage";
import { COMPANY_NAME } from "../../src/shared/constants/marketing";
import { PUBLIC_PAGES, type PublicPageKey, type PublicPageMeta } from "../../src/shared/public-pages";
import { RUNTIME_TOKENS } from "../../src/shared/runtime-tokens";

const PAGES: Record<PublicPageKey, { component: ComponentType; source: string }> = {
  home: { component: LandingPage, source: "LandingPage" },
  about: { component: AboutPage, source: "AboutPage" },
  howItWorks: { component: HowItWorksPage, source: "HowItWorksPage" },
  prototyping: { component: PrototypingPage, source: "PrototypingPage" },
  pricing: { component: PricingPage, source: "PricingPage" },
  contact: { component: ContactPage, source: "ContactPage" },
};

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const escapeAttr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The chunks a page needs beyond what the entry already loads (its own code and the hydrator). */
function pagePreloads(manifest: Manifest, source: string): string[] {
  const entry = manifest["public.html"];
  if (!entry) throw new Error("the Vite manifest has no public.html entry: run vite build first");
  const loaded = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const child of manifest[key].imports ?? []) collect(child, into);
  };
  collect("public.html", loaded);
  // A page is keyed by its source path, or (when the bundler made it a chunk shared with the app) by its chunk name.
  const chunkKey = (sourcePath: string, name: string) => {
    const key =
      Object.keys(manifest).find((k) => k === sourcePath) ??
      Object.keys(manifest).find((k) => (manifest[k] as ManifestChunk & { name?: string }).name === name);
    if (!key) throw new Error(`no chunk for ${sourcePath} in the Vite manifest`);
    return key;
  };
  const needed = new Set<string>();
  collect(chunkKey("features/public-site/hydrate.tsx", "hydrate"), needed);
  collect(chunkKey(`features/public-site/pages/${source}.tsx`, source), needed);
  return [...needed].filter((key) => !loaded.has(key)).map((key) => `/${manifest[key]?.file}`);
}

function headFor(page: PublicPageMeta, preloads: string[]): string {
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
    // Prefetch (lowest priority), not modulepreload: these chunks are fetched early for hydration but never compete
    // with the first paint, which needs only this HTML.
    ...preloads.map((file) => `<link rel="prefetch" crossorigin href="${file}" />`),
  ].join("\n    ");
}

export async function prerenderPublicPages(clientDir: string): Promise<Array<{ key: PublicPageKey; html: string }>> {
  // Parts that the browser loads on the way (deferred-part.tsx) are rendered in full here.
  await preloadDeferredParts();
  const template = readFileSync(`${clientDir}/public.html`, "utf8");
  const manifest = JSON.parse(readFileSync(`${clientDir}/.vite/manifest.json`, "utf8")) as Manifest;
  if (!template.includes("<!--bp:head-->") || !template.includes("<!--bp:body-->")) {
    throw new Error("public.html lost its <!--bp:head--> / <!--bp:body--> markers");
  }
  // The stylesheet goes inline: the first paint then needs nothing but the HTML (no request queued behind the scripts).
  const withInlineCss = template.replace(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g, (_tag, href: string) => {
    const css = readFileSync(`${clientDir}${href}`, "utf8");
    // The disabled link is never fetched; it tells Vite's chunk loader the stylesheet is already here.
    return `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>\n    <link rel="stylesheet" href="${href}" disabled />`;
  });
  return PUBLIC_PAGES.map((page) => {
    const { component, source } = PAGES[page.key];
    const body = renderToString(createElement(PublicApp, { page: component }));
    const html = withInlineCss
      .replace("<!--bp:head-->", () => headFor(page, pagePreloads(manifest, source)))
      .replace("<!--bp:body-->", () => body);
    return { key: page.key, html };
  });
}
