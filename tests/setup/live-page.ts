// What a browser test needs to prove an update arrived live: one ordered log, kept in the page, of every 'change'
// event the live-updates stream (GET /api/events) delivered, every time it (re)opened and every fetch the page made,
// and a mark on the loaded document that only survives while the page is neither reloaded nor navigated. Proving
// cause, not speed: a busy CI machine may take any time, but only the stream can put the event before the refetch that
// shows the change.
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { LIVE_EVENT_NAME } from "../../src/shared/constants/live";

/** How long a page may take to show what the server now answers (a change notice, then the refetch) on a busy machine. */
export const LIVE_WAIT = { timeout: 15_000 };

export type PageLogEntry = { kind: "live"; tags: string[] } | { kind: "fetch"; url: string } | { kind: "open" };

// A string, not a function: the test transform may add helpers to a function's source that the page does not have.
const RECORDER = `(() => {
  const log = [];
  Object.defineProperty(window, "__pageLog", { value: log });
  const NativeEventSource = window.EventSource;
  window.EventSource = class extends NativeEventSource {
    constructor(url, init) {
      super(url, init);
      this.addEventListener("open", () => log.push({ kind: "open" }));
      this.addEventListener(${JSON.stringify(LIVE_EVENT_NAME)}, (event) => {
        try { log.push({ kind: "live", tags: JSON.parse(event.data).tags }); } catch { log.push({ kind: "live", tags: [] }); }
      });
    }
  };
  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    log.push({ kind: "fetch", url: new URL(url, location.href).pathname });
    return nativeFetch(input, init);
  };
})();`;

/** Records stream events and fetches in every page of the context, from its first script on. */
export async function recordLivePage(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: RECORDER });
}

/** Marks the loaded document and returns where the log stands now. */
export async function markDocument(page: Page): Promise<number> {
  return page.evaluate(() => {
    (window as unknown as { __liveMark?: boolean }).__liveMark = true;
    return (window as unknown as { __pageLog: unknown[] }).__pageLog.length;
  });
}

/** Whether the document marked by markDocument is still the one loaded (no reload, no navigation). */
export function documentStillMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __liveMark?: boolean }).__liveMark === true);
}

/** The log entries from position `from` on. */
export function pageLogSince(page: Page, from: number): Promise<PageLogEntry[]> {
  return page.evaluate((start) => (window as unknown as { __pageLog: PageLogEntry[] }).__pageLog.slice(start), from);
}

/**
 * Where, in `entries`, the first stream event naming `tag` is (-1 if none), and where the first fetch of `path` after
 * that event is (-1 if none).
 */
export function firstLiveAndFetch(entries: PageLogEntry[], tag: string, path: string) {
  const live = entries.findIndex((e) => e.kind === "live" && e.tags.includes(tag));
  const fetch = live < 0 ? -1 : entries.findIndex((e, i) => i > live && e.kind === "fetch" && e.url === path);
  return { live, fetch };
}

/**
 * The change arrived live: since log position `from` the stream delivered an event naming `tag`, the page fetched
 * `path` after that event, and the document is still the one markDocument marked (no reload or navigation brought it).
 */
export async function expectArrivedLive(page: Page, from: number, tag: string, path: string): Promise<void> {
  const order = firstLiveAndFetch(await pageLogSince(page, from), tag, path);
  expect(order.live).toBeGreaterThanOrEqual(0);
  expect(order.fetch).toBeGreaterThan(order.live);
  expect(await documentStillMarked(page)).toBe(true);
}
