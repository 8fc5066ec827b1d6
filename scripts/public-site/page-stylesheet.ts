// Cuts the whole app's stylesheet down to what one pre-rendered public page can use: Tailwind's utilities whose classes
// appear in the page's HTML or in any JavaScript the public entry can load (its islands, the contact form
// and its toasts). The page then carries about half the CSS inline, and the browser parses and matches half the rules
// before its first paint. tests/e2e/public-site-stylesheet.test.ts checks that every element is drawn the same.
import { readFileSync } from "node:fs";
import path from "node:path";
import { PurgeCSS } from "purgecss";

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Tailwind's class names keep `:`, `/`, `[`, `]`, `=` and `.`: a token is anything between quotes, spaces and tags. */
const tailwindTokens = (content: string): string[] => content.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? [];

/** Class attributes spell `[&_svg]:size-4` as `[&amp;_svg]:size-4`. */
const decodeEntities = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_entity, name: string) => ENTITIES[name] ?? "");
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };

/** Every JavaScript file the entry can bring in, statically or on demand. */
export function entryScripts(clientDir: string, entry: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  return [...seen].map((key) => (manifest[key] as ManifestChunk).file).filter((file) => file.endsWith(".js"));
}

/** Tailwind's layers before it (properties, theme, base) hold element and state rules that stay whole. */
const UTILITIES_LAYER = "@layer utilities{";

export async function pageStylesheet(css: string, pageHtml: string, scripts: string[]): Promise<string> {
  const utilitiesAt = css.indexOf(UTILITIES_LAYER);
  if (utilitiesAt < 0) throw new Error(`the stylesheet has no "${UTILITIES_LAYER}"`);
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: decodeEntities(pageHtml), extension: "html" }, ...scripts.map((raw) => ({ raw, extension: "js" }))],
    css: [{ raw: css.slice(utilitiesAt) }],
    defaultExtractor: tailwindTokens,
    // Custom properties stay: the theme's and Tailwind's variables are read through var() chains PurgeCSS cannot follow.
    variables: false,
    keyframes: true,
    fontFace: true,
  });
  if (!result) throw new Error("PurgeCSS returned no stylesheet");
  return css.slice(0, utilitiesAt) + result.css;
}
