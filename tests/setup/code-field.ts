// The sign-in screen clears its code field about 100 ms after the code step appears: a test types
// the code after that clear, as a person would, instead of sleeping past it.
import type { Page } from "playwright-core";
import { CODE_FIELD_CLEAR_DELAY_MS } from "../../src/shared/constants/ui";

export type ClearCounter = { codeFieldClears: number };

/**
 * Counts the timers of the code field's clearing delay that have run, so a test can wait for the clear itself
 * instead of sleeping past it.
 */
export async function countCodeFieldClears(page: Page): Promise<void> {
  await page.addInitScript((delay) => {
    const counter = window as unknown as ClearCounter;
    counter.codeFieldClears = 0;
    const schedule = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
      timeout === delay && typeof handler === "function"
        ? schedule(() => {
            handler(...rest);
            counter.codeFieldClears += 1;
          }, timeout)
        : schedule(handler, timeout, ...rest)) as typeof window.setTimeout;
  }, CODE_FIELD_CLEAR_DELAY_MS);
}

/** Waits until the code field's clearing timer has run at least `times` times (countCodeFieldClears first). */
export async function codeFieldCleared(page: Page, times = 1): Promise<void> {
  await page.waitForFunction((n) => (window as unknown as ClearCounter).codeFieldClears >= n, times);
}
