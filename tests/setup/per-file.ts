// What a test file opens once for all its tests (the app, an SMTP server): opened in beforeAll, closed in afterAll.
import { afterAll, beforeAll } from "vitest";

/**
 * Opens `open()` before the file's (or describe block's) tests and closes it after them. The object returned stands
 * for the opened one from its beforeAll on, so a later `openForFile` can use it (`smtp.url`); reading it earlier
 * throws. Closing runs last opened first, as afterAll hooks do.
 */
export function openForFile<T extends { close(): Promise<unknown> }>(open: () => Promise<T>): T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): T => {
    if (opened === undefined) throw new Error("read before the file's beforeAll opened it");
    return opened;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = Reflect.get(current(), key);
      return typeof value === "function" ? value.bind(current()) : value;
    },
    set(_, key, value) {
      return Reflect.set(current(), key, value);
    },
  });
}
