import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Chart packages (and their d3 parts), whichever the admin console uses. */
const CHART_PACKAGES =
  /node_modules[\\/](recharts|recharts-scale|victory-vendor|d3-[a-z-]+|internmap|chart\.js|react-chartjs-2|chartjs-[a-z-]+|@nivo|@visx|echarts|echarts-for-react|zrender|uplot|apexcharts|react-apexcharts|lightweight-charts)[\\/]/;

const client = (file: string) => fileURLToPath(new URL(`./src/client/${file}`, import.meta.url));

/**
 * The app's HTML carries its stylesheet inline, as the pre-rendered public pages do: its first paint (the loading
 * spinner in #root) then waits for no request, while the scripts download. The disabled link is never fetched; it
 * tells Vite's chunk loader that the stylesheet is already here.
 */
function inlineAppStylesheet(): Plugin {
  return {
    name: "bp-inline-app-stylesheet",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (context.filename !== client("index.html") || !context.bundle) return html;
        const bundle = context.bundle;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== "asset") return tag;
          const css = String(asset.source).replace(/<\/style/gi, "<\\/style");
          return `<style>${css}</style>\n    <link rel="stylesheet" href="/${file}" disabled>`;
        });
      },
    },
  };
}

/** Beside the manifest, for src/server/http/web.ts: the chunks of the signed-in frame and of each page (by page key). */
const PAGE_CHUNKS_FILE = ".vite/page-chunks.json";

/**
 * Lists, for the signed-in frame (AppShell) and each lazily loaded page of `pages.tsx`, the JavaScript files it needs
 * beyond the app entry's own, so that the server can modulepreload them in a signed-in user's HTML (http/web.ts).
 */
function pageChunks(): Plugin {
  return {
    name: "bp-page-chunks",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [file] : []));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === client("index.html"));
      if (!entry) return;
      const closure = (start: string, into = new Set<string>()) => {
        if (into.has(start)) return into;
        into.add(start);
        for (const next of bundle[start]?.type === "chunk" ? bundle[start].imports : []) closure(next, into);
        return into;
      };
      const loaded = closure(entry.fileName);
      const filesOf = (modulePath: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\.tsx?$/, "") === client(modulePath));
        if (!chunk) throw new Error(`bp-page-chunks: no chunk for ${modulePath}`);
        return [...closure(chunk.fileName)].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
      };
      // pages.tsx names each page's module once: `key: page(() => import("./features/x/XPage"), "XPage")`.
      const pagesSource = readFileSync(client("pages.tsx"), "utf8");
      const pages = [...pagesSource.matchAll(/(\w+): page\(\(\) => import\("\.\/([^"]+)"\)/g)].map(([, key, path]) => [
        key,
        filesOf(path as string),
      ]);
      if (pages.length === 0) throw new Error("bp-page-chunks: found no page(() => import(...)) in pages.tsx");
      this.emitFile({
        type: "asset",
        fileName: PAGE_CHUNKS_FILE,
        source: JSON.stringify({ shell: filesOf("components/layout/AppShell"), pages: Object.fromEntries(pages) }, null, 1),
      });
    },
  };
}

/**
 * What the signed-in frame and nearly every portal page share: class merging, Slot, the small ui parts, and the rules
 * the frame and the dashboard both read. Left to the common-chunk inlining, each page carried its own copy beside the
 * frame's (about 5 KB gzip on the dashboard's first load). Only portal code: the public pages and sign-in never load it.
 */
const PORTAL_SHARED = new RegExp(
  [
    String.raw`node_modules[\\/](tailwind-merge|@radix-ui[\\/]react-(slot|compose-refs))[\\/]`,
    String.raw`src[\\/]client[\\/](lib[\\/]cn|components[\\/]ui[\\/](button|badge|alert|card|tooltip|stand-in|spinner|skeleton))\.tsx?$`,
    String.raw`src[\\/]client[\\/]features[\\/]projects[\\/]api[\\/](use-selected-project|get-projects)\.ts$`,
    String.raw`src[\\/]shared[\\/]domain[\\/](next-action|access-expiry|project-access|project-status)\.ts$`,
  ].join("|"),
);

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), pageChunks(), inlineAppStylesheet()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    // Three entries: the app (portal, admin), a visitor's sign-in screen (React and one form, no router or portal), and
    // the pre-rendered public pages; neither of the last two loads the app's code.
    rollupOptions: {
      input: { app: client("index.html"), auth: client("auth.html"), public: client("public.html") },
      preserveEntrySignatures: false,
      output: {
        // Fewer, larger shared chunks: a public page then needs a handful of requests instead of twenty.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // Only the admin console may load a chart library; its own chunk lets `npm run bench:web` check that.
            { name: "charts", test: CHART_PACKAGES, priority: 40 },
            // Only the modules named: their dependencies (class recipes, icons) are the public pages' too.
            { name: "portal-shared", test: PORTAL_SHARED, priority: 20, includeDependenciesRecursively: false },
            // Its own chunk, as before: the ui group would otherwise take it in (its lazy parts use it) and every entry with
            // a dynamic import, the public pages' too, would then load the portal's ui chunk.
            { name: "preload-helper", test: /preload-helper/, priority: 50 },
          ],
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
        },
      },
    },
    // scripts/build-public-site.ts reads it to preload each public page's own chunk.
    manifest: true,
    // Every browser with the es2022 this build targets, but Safari before 17, reads modulepreload itself; there the
    // hints are skipped (the modules still load). The polyfill would cost each entry about 0.7 KB gzip.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000", "/healthz": "http://localhost:3000" },
  },
});
