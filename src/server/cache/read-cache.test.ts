import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedRead, createDisabledReadCache, createReadCache } from "./read-cache";

afterEach(() => {
  vi.useRealTimers();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("the read cache", () => {
  it("when turned off, reads every time and keeps nothing", async () => {
    const cache = createDisabledReadCache<unknown>();
    let reads = 0;
    const read = () => cachedRead(cache, "a", async () => `a#${++reads}`, ["project:1"]);
    expect(await read()).toBe("a#1");
    expect(await read()).toBe("a#2");
    expect(cache.size()).toBe(0);
  });

  it("serves a value until one of its tags is invalidated, and only the entries under that tag", async () => {
    const cache = createReadCache<unknown>({ ttlMs: 60_000, maxEntries: 10 });
    let reads = 0;
    const read = (key: string, tags: string[]) => cachedRead(cache, key, async () => `${key}#${++reads}`, tags);
    expect(await read("a", ["project:1"])).toBe("a#1");
    expect(await read("b", ["project:2"])).toBe("b#2");
    expect(await read("a", ["project:1"])).toBe("a#1");
    cache.invalidate("project:1");
    expect(await read("a", ["project:1"])).toBe("a#3");
    expect(await read("b", ["project:2"])).toBe("b#2");
  });

  it("shares one load among concurrent readers of a key", async () => {
    const cache = createReadCache<unknown>({ ttlMs: 60_000, maxEntries: 10 });
    const gate = deferred<string>();
    const loader = vi.fn(() => gate.promise);
    const first = cachedRead(cache, "k", loader, ["t"]);
    const second = cachedRead(cache, "k", loader, ["t"]);
    gate.resolve("v");
    expect(await Promise.all([first, second])).toEqual(["v", "v"]);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("does not keep a value read before a change announced while it loaded, and later readers load afresh", async () => {
    const cache = createReadCache<unknown>({ ttlMs: 60_000, maxEntries: 10 });
    const stale = deferred<string>();
    const before = cachedRead(cache, "k", () => stale.promise, ["project:1"]);
    cache.invalidate("project:1");
    const after = cachedRead(cache, "k", async () => "fresh", ["project:1"]);
    stale.resolve("stale");
    expect(await before).toBe("stale");
    expect(await after).toBe("fresh");
    expect(await cachedRead(cache, "k", async () => "third", ["project:1"])).toBe("fresh");
  });

  it("keeps no null result", async () => {
    const cache = createReadCache<unknown>({ ttlMs: 60_000, maxEntries: 10 });
    const loader = vi.fn(async () => null);
    await cachedRead(cache, "k", loader, ["t"]);
    await cachedRead(cache, "k", loader, ["t"]);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it("is bypassed while suspended (change feed down) and used again once resumed", async () => {
    const cache = createReadCache<unknown>({ ttlMs: 60_000, maxEntries: 10 });
    let reads = 0;
    const read = () => cachedRead(cache, "k", async () => ++reads, ["t"]);
    await read();
    cache.suspend();
    expect(await read()).toBe(2);
    expect(await read()).toBe(3);
    cache.resume();
    expect(await read()).toBe(4);
    expect(await read()).toBe(4);
  });

  it("drops the least recently used entries beyond its size, and entries past their time limit", async () => {
    vi.useFakeTimers();
    const cache = createReadCache<unknown>({ ttlMs: 1_000, maxEntries: 2 });
    await cachedRead(cache, "a", async () => 1, ["t:a"]);
    await cachedRead(cache, "b", async () => 2, ["t:b"]);
    expect(cache.get("a")).toBe(1);
    await cachedRead(cache, "c", async () => 3, ["t:c"]);
    expect(cache.size()).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    vi.advanceTimersByTime(1_001);
    expect(cache.get("c")).toBeUndefined();
  });
});
