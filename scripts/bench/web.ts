// npm run bench:web — the public site's weight and Lighthouse scores, measured against the built server.
// 1. Starts the built server (dist/server/main.js: production mode, in-memory database) on a free port.
// 2. Loads each public page in Chromium and sums the gzip size of the JavaScript and CSS it fetched.
// 3. Runs Lighthouse (its npm package, the system Chromium) on / and /pricing: mobile (the default, median of 3 runs)
//    and desktop. Prints a table and writes bench/results/web.json.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
import { PUBLIC_PAGES } from "../../src/shared/public-pages";
import { CHROME_FLAGS, CHROMIUM, freePort, startBuiltServer } from "../lib/built-server";

const LIGHTHOUSE_PATHS = ["/", "/pricing"];
const MOBILE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 95, landingJsKb: 120 };
const CLIENT_DIR = path.resolve("dist/client");

type PageWeight = { path: string; jsGzipKb: number; cssGzipKb: number; jsFiles: number; transferredKb: number };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function measureWeights(base: string): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  const weights: PageWeight[] = [];
  for (const page of PUBLIC_PAGES) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    const files = new Map<string, "script" | "stylesheet">();
    let transferred = 0;
    tab.on("requestfinished", async (request) => {
      const type = request.resourceType();
      const url = new URL(request.url());
      if (type === "script" || type === "stylesheet") files.set(url.pathname, type);
      const sizes = await request.sizes().catch(() => null);
      if (sizes) transferred += sizes.responseBodySize + sizes.responseHeadersSize;
    });
    await tab.goto(base + page.path, { waitUntil: "networkidle" });
    let js = 0;
    let css = 0;
    for (const [file, type] of files) {
      const size = gzipSync(readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length;
      if (type === "script") js += size;
      else css += size;
    }
    weights.push({
      path: page.path,
      jsGzipKb: kb(js),
      cssGzipKb: kb(css),
      jsFiles: [...files.values()].filter((t) => t === "script").length,
      transferredKb: kb(transferred),
    });
    await context.close();
  }
  await browser.close();
  return weights;
}

type Scores = Record<"performance" | "accessibility" | "best-practices" | "seo", number> & {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
};

/** One Lighthouse run; a run that could not load the page (runtimeError) is tried again, at most twice. */
async function runLighthouse(url: string, port: number, preset: "mobile" | "desktop", attempt = 1): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] },
    preset === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    if (attempt >= 3) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
    console.warn(`  ${preset} ${url}: ${result.lhr.runtimeError.code}, trying again`);
    return runLighthouse(url, port, preset, attempt + 1);
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = Object.values(audits).filter(
    (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable",
  );
  if (failing.length && process.env.LIGHTHOUSE_VERBOSE) {
    console.log(`  ${preset} ${url} audits below 100: ${failing.map((a) => `${a.id}=${a.score}`).join(", ")}`);
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? 0),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
    cls: Math.round((audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function medianScores(runs: Scores[]): Scores {
  const keys = Object.keys(runs[0] ?? {}) as Array<keyof Scores>;
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as Scores;
}

async function main() {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = await startBuiltServer(port);
  try {
    const weights = await measureWeights(base);
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const lighthouseResults: Array<{ path: string; preset: string; runs: number } & Scores> = [];
    try {
      for (const pagePath of LIGHTHOUSE_PATHS) {
        const mobile: Scores[] = [];
        for (let i = 0; i < MOBILE_RUNS; i++) mobile.push(await runLighthouse(base + pagePath, chrome.port, "mobile"));
        lighthouseResults.push({ path: pagePath, preset: "mobile", runs: MOBILE_RUNS, ...medianScores(mobile) });
        lighthouseResults.push({
          path: pagePath,
          preset: "desktop",
          runs: 1,
          ...(await runLighthouse(base + pagePath, chrome.port, "desktop")),
        });
      }
    } finally {
      chrome.kill();
    }

    console.log(
      "\nJavaScript and CSS each public page loads (gzip -9 of each file; transferred = brotli as served, all requests)",
    );
    console.table(weights);
    console.log("Lighthouse 12 (mobile = default simulated throttling, median of runs)");
    console.table(lighthouseResults);

    const landing = weights.find((w) => w.path === "/");
    const misses = [
      ...(landing && landing.jsGzipKb > TARGETS.landingJsKb
        ? [`landing JS ${landing.jsGzipKb} KB > ${TARGETS.landingJsKb} KB`]
        : []),
      ...lighthouseResults.flatMap((r) =>
        (["performance", "accessibility", "best-practices", "seo"] as const)
          .filter((c) => r[c] < TARGETS[c])
          .map((c) => `${r.preset} ${r.path} ${c} ${r[c]} < ${TARGETS[c]}`),
      ),
    ];
    console.log(misses.length ? `Below target: ${misses.join("; ")}` : "All targets met.");

    mkdirSync("bench/results", { recursive: true });
    const report = {
      measuredAt: new Date().toISOString(),
      node: process.version,
      targets: TARGETS,
      weights,
      lighthouse: lighthouseResults,
      misses,
    };
    writeFileSync("bench/results/web.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log("wrote bench/results/web.json");
  } finally {
    await server.close();
  }
}

await main();
