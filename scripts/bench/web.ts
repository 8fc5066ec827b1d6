// npm run bench:web — what each main route makes the browser download, and its Lighthouse scores, on the built server.
// 1. Starts the built server (dist/server/main.js: production mode, in-memory database) on a free port, with a demo
//    customer (fixed code 000000) and an admin whose emailed code is read from an SMTP server in this process.
// 2. Signs both in through the API, as the sign-in screen does, and keeps their session cookies.
// 3. Loads each route in Chromium — the public pages, /auth, the customer's dashboard and the admin console — and lists
//    every JavaScript chunk it fetched with its gzip size (plus the CSS), and whether the chart library was among them.
// 4. Runs Lighthouse 12 (its npm package, the system Chromium) on the six public pages, /auth and the signed-in dashboard:
//    mobile (default simulated throttling, median of LIGHTHOUSE_RUNS runs) and desktop. Prints tables and writes
//    bench/results/web.json. `LIGHTHOUSE_RUNS=0` measures only the bundles; `LIGHTHOUSE_ROUTES=dashboard,auth` and
//    `LIGHTHOUSE_PRESETS=mobile` narrow the Lighthouse runs; `LIGHTHOUSE_REPORTS=dir` keeps each run's full report.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
import { PUBLIC_PAGES } from "../../src/shared/public-pages";
import { freePort } from "../../tests/setup/free-port";
import { codeIn, startSmtpServer } from "../../tests/setup/smtp";
import { CHROME_FLAGS, CHROMIUM, startBuiltServer } from "../lib/built-server";
import { CHROMIUM_ARGS } from "../lib/chromium-args";
import { envNumber } from "../lib/env-number";
import { signInThroughApi } from "../lib/sign-in";

const MOBILE_RUNS = envNumber("LIGHTHOUSE_RUNS", 3);
const LIGHTHOUSE_ROUTES = process.env.LIGHTHOUSE_ROUTES?.split(",");
const LIGHTHOUSE_PRESETS = (process.env.LIGHTHOUSE_PRESETS?.split(",") ?? ["mobile", "desktop"]) as Preset[];
const LIGHTHOUSE_REPORTS = process.env.LIGHTHOUSE_REPORTS;
const TARGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 95,
  /** The public pages and /auth (pre-rendered, islands): performance on a throttled phone. */
  publicPerformance: 98,
  /** JavaScript, gzip, per route key below (every public page: 35). */
  jsKb: {
    ...Object.fromEntries(PUBLIC_PAGES.map((page) => [page.key === "home" ? "landing" : page.key, 35])),
    auth: 70,
    dashboard: 150,
  } as Record<string, number>,
};
/** A route has finished loading after this long without a new request. */
const QUIET_MS = 3000;
const CLIENT_DIR = path.resolve("dist/client");
const DEMO_EMAIL = "bench-demo@blueprint.local";
const ADMIN_EMAIL = "bench-admin@blueprint.local";
/** The chart library's chunk (vite.config.ts puts every chart package in it): only the admin console may load it. */
const CHART_CHUNK = /^\/assets\/charts-/;

type Who = "visitor" | "customer" | "admin";
type Preset = "mobile" | "desktop";
type RouteToMeasure = { key: string; path: string; who: Who; lighthouse: boolean };

const ROUTES_TO_MEASURE: RouteToMeasure[] = [
  ...PUBLIC_PAGES.map((page) => ({
    key: page.key === "home" ? "landing" : page.key,
    path: page.path,
    who: "visitor" as const,
    lighthouse: true,
  })),
  { key: "auth", path: "/auth", who: "visitor", lighthouse: true },
  { key: "dashboard", path: "/", who: "customer", lighthouse: true },
  { key: "admin", path: "/", who: "admin", lighthouse: false },
];

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipKb = (file: string) => kb(gzipSync(readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length);

type Chunk = { file: string; gzipKb: number };
type RouteWeight = {
  route: string;
  path: string;
  who: Who;
  jsGzipKb: number;
  cssGzipKb: number;
  chunks: Chunk[];
  charts: boolean;
  consoleErrors: string[];
};

async function measureWeights(base: string, cookies: Record<Who, string>): Promise<RouteWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const weights: RouteWeight[] = [];
  try {
    for (const route of ROUTES_TO_MEASURE) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const cookie = cookies[route.who];
      if (cookie) {
        const [name = "", value = ""] = cookie.split("=");
        await context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: "Lax" }]);
      }
      const tab = await context.newPage();
      const files = new Map<string, "script" | "stylesheet">();
      const consoleErrors: string[] = [];
      tab.on("console", (message) => {
        // A preload nobody used (the server's hints for a signed-in page: http/web.ts) is only a warning, but a wrong one.
        if (message.type() === "error" || /preload/i.test(message.text())) consoleErrors.push(message.text());
      });
      tab.on("requestfinished", (request) => {
        const type = request.resourceType();
        const url = new URL(request.url());
        if (type === "script" || type === "stylesheet") files.set(url.pathname, type);
      });
      let lastRequestAt = Date.now();
      tab.on("request", () => {
        lastRequestAt = Date.now();
      });
      await tab.goto(base + route.path, { waitUntil: "networkidle" });
      // "networkidle" alone can fire while a busy CPU still parses React: wait for a quiet spell of QUIET_MS as well.
      while (Date.now() - lastRequestAt < QUIET_MS) await tab.waitForTimeout(250);
      const chunks = [...files]
        .filter(([, type]) => type === "script")
        .map(([file]) => ({ file, gzipKb: gzipKb(file) }))
        .sort((a, b) => b.gzipKb - a.gzipKb);
      const css = [...files].filter(([, type]) => type === "stylesheet").map(([file]) => gzipKb(file));
      weights.push({
        route: route.key,
        path: route.path,
        who: route.who,
        jsGzipKb: kb(chunks.reduce((sum, chunk) => sum + chunk.gzipKb * 1024, 0)),
        cssGzipKb: kb(css.reduce((sum, size) => sum + size * 1024, 0)),
        chunks,
        charts: chunks.some((chunk) => CHART_CHUNK.test(chunk.file)),
        consoleErrors,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

type Scores = Record<"performance" | "accessibility" | "best-practices" | "seo", number> & {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
};

/** One Lighthouse run; a run that could not load the page (runtimeError) is tried again, at most twice. */
async function runLighthouse(url: string, port: number, preset: Preset, cookie: string, attempt = 1): Promise<Scores> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    preset === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    if (attempt >= 3) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
    console.warn(`  ${preset} ${url}: ${result.lhr.runtimeError.code}, trying again`);
    return runLighthouse(url, port, preset, cookie, attempt + 1);
  }
  if (LIGHTHOUSE_REPORTS) {
    mkdirSync(LIGHTHOUSE_REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll("/", "_") || "_"}-${preset}-${Date.now()}.json`;
    writeFileSync(path.join(LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr));
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

type LighthouseRow = { route: string; preset: string; runs: number } & Scores;

async function measureLighthouse(base: string, cookies: Record<Who, string>): Promise<LighthouseRow[]> {
  if (MOBILE_RUNS <= 0) return [];
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows: LighthouseRow[] = [];
  try {
    const chosen = ROUTES_TO_MEASURE.filter((r) => r.lighthouse && (!LIGHTHOUSE_ROUTES || LIGHTHOUSE_ROUTES.includes(r.key)));
    for (const route of chosen) {
      const url = base + route.path;
      const cookie = cookies[route.who];
      if (LIGHTHOUSE_PRESETS.includes("mobile")) {
        const mobile: Scores[] = [];
        for (let i = 0; i < MOBILE_RUNS; i++) mobile.push(await runLighthouse(url, chrome.port, "mobile", cookie));
        rows.push({ route: route.key, preset: "mobile", runs: MOBILE_RUNS, ...medianScores(mobile) });
      }
      if (LIGHTHOUSE_PRESETS.includes("desktop")) {
        rows.push({
          route: route.key,
          preset: "desktop",
          runs: 1,
          ...(await runLighthouse(url, chrome.port, "desktop", cookie)),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

function misses(weights: RouteWeight[], lighthouseRows: LighthouseRow[]): string[] {
  const out: string[] = [];
  for (const weight of weights) {
    const budget = TARGETS.jsKb[weight.route];
    if (budget !== undefined && weight.jsGzipKb > budget) out.push(`${weight.route} JS ${weight.jsGzipKb} KB > ${budget} KB`);
    if (weight.charts && weight.route !== "admin") out.push(`${weight.route} loads the chart library`);
    if (weight.consoleErrors.length) {
      out.push(`${weight.route} logs console errors or preload warnings: ${weight.consoleErrors.join(" | ")}`);
    }
  }
  for (const row of lighthouseRows) {
    for (const category of ["performance", "accessibility", "best-practices", "seo"] as const) {
      const target = category === "performance" && row.route !== "dashboard" ? TARGETS.publicPerformance : TARGETS[category];
      if (row[category] < target) out.push(`${row.preset} ${row.route} ${category} ${row[category]} < ${target}`);
    }
  }
  return out;
}

async function main() {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const smtp = await startSmtpServer();
  const server = await startBuiltServer(port, { DEMO_EMAIL, ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: smtp.url });
  try {
    const adminCode = async () => {
      const mail = await smtp.waitFor((m) => m.to === ADMIN_EMAIL, 30_000);
      return codeIn(mail.text);
    };
    const cookies: Record<Who, string> = {
      visitor: "",
      customer: await signInThroughApi(base, DEMO_EMAIL, async () => "000000"),
      admin: await signInThroughApi(base, ADMIN_EMAIL, adminCode),
    };

    const weights = await measureWeights(base, cookies);
    const lighthouseRows = await measureLighthouse(base, cookies);

    console.log(
      "\nJavaScript each route loads (gzip -9 of each file, as fetched by Chromium at 1280 px until 3 s without a request)",
    );
    console.table(
      weights.map(({ route, path: routePath, who, jsGzipKb, cssGzipKb, chunks, charts }) => ({
        route,
        path: routePath,
        who,
        jsGzipKb,
        cssGzipKb,
        jsFiles: chunks.length,
        charts,
      })),
    );
    for (const weight of weights) {
      console.log(`  ${weight.route}: ${weight.chunks.map((c) => `${path.basename(c.file)} ${c.gzipKb}`).join(", ")}`);
    }
    if (lighthouseRows.length) {
      console.log("\nLighthouse 12 (mobile = default simulated throttling, median of runs; desktop = one run)");
      console.table(lighthouseRows);
    }
    const missed = misses(weights, lighthouseRows);
    console.log(missed.length ? `\nBelow target: ${missed.join("; ")}` : "\nAll targets met.");

    mkdirSync("bench/results", { recursive: true });
    const report = {
      measuredAt: new Date().toISOString(),
      node: process.version,
      loadAverage: loadavg().map((load) => Math.round(load * 10) / 10),
      targets: TARGETS,
      weights,
      lighthouse: lighthouseRows,
      misses: missed,
    };
    writeFileSync("bench/results/web.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log("wrote bench/results/web.json");
  } finally {
    await server.close();
    await smtp.close();
  }
}

await main();
