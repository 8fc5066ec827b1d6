import { afterEach, describe, expect, it, vi } from "vitest";
import { createByteBudget } from "./byte-budget";
import { createReadCache, type ReadCache, serializedBytes } from "./read-cache";

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

const MB = 1024 * 1024;
const newCache = (budgetBytes = 64 * MB, ttlMs = 60_000) => {
  const budget = createByteBudget(budgetBytes);
  return { budget, cache: createReadCache<unknown>({ ttlMs, budget }) };
};
/** Reads through the cache as a cached read does: the cached value, or the loader's, kept under `tags`. */
async function through<V>(
  cache: ReadCache<unknown>,
  key: string,
  load: () => Promise<V>,
  tags: string[],
  owner: string | null = null,
): Promise<V> {
  const cached = cache.get(key, "test");
  if (cached !== undefined) return cached as V;
  return (await cache.load(key, async () => {
    const value = await load();
    return value === null ? null : { value, tags, owner, read: "test" };
  })) as V;
}
const text = (bytes: number) => "x".repeat(bytes - 2);

describe("the read cache", () => {
  it("serves a value until one of its tags is invalidated, and only the entries under that tag", async () => {
    const { cache } = newCache();
    let reads = 0;
    const read = (key: string, tags: string[]) => through(cache, key, async () => `${key}#${++reads}`, tags);
    expect(await read("a", ["feedback.project_id:1"])).toBe("a#1");
    expect(await read("b", ["feedback.project_id:2"])).toBe("b#2");
    expect(await read("a", ["feedback.project_id:1"])).toBe("a#1");
    cache.invalidate("feedback.project_id:1");
    expect(await read("a", ["feedback.project_id:1"])).toBe("a#3");
    expect(await read("b", ["feedback.project_id:2"])).toBe("b#2");
  });

  it("shares one load among concurrent readers of a key", async () => {
    const { cache } = newCache();
    const gate = deferred<string>();
    const loader = vi.fn(() => gate.promise);
    const first = through(cache, "k", loader, ["t"]);
    const second = through(cache, "k", loader, ["t"]);
    gate.resolve("v");
    expect(await Promise.all([first, second])).toEqual(["v", "v"]);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("does not keep a value read before a change announced while it loaded, and later readers load afresh", async () => {
    const { cache } = newCache();
    const stale = deferred<string>();
    const before = through(cache, "k", () => stale.promise, ["p"]);
    cache.invalidate("p");
    const after = through(cache, "k", async () => "fresh", ["p"]);
    stale.resolve("stale");
    expect(await before).toBe("stale");
    expect(await after).toBe("fresh");
    expect(await through(cache, "k", async () => "third", ["p"])).toBe("fresh");
  });

  it("keeps a value loaded while only other rows changed (writes elsewhere do not stop caching)", async () => {
    const { cache } = newCache();
    const slow = deferred<string>();
    const loading = through(cache, "k", () => slow.promise, ["feedback.project_id:1"]);
    cache.invalidate("feedback.project_id:2");
    cache.invalidate("users");
    slow.resolve("kept");
    expect(await loading).toBe("kept");
    expect(await through(cache, "k", async () => "reloaded", ["feedback.project_id:1"])).toBe("kept");
  });

  it("keeps no value loaded across a clear (a missed notice or a lost feed)", async () => {
    const { cache } = newCache();
    const slow = deferred<string>();
    const loading = through(cache, "k", () => slow.promise, ["t"]);
    cache.clear();
    slow.resolve("unsure");
    await loading;
    expect(await through(cache, "k", async () => "fresh", ["t"])).toBe("fresh");
  });

  it("keeps no null result", async () => {
    const { cache } = newCache();
    const loader = vi.fn(async () => null);
    await through(cache, "k", loader, ["t"]);
    await through(cache, "k", loader, ["t"]);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it("is bypassed while suspended (change feed down) and used again once resumed", async () => {
    const { cache } = newCache();
    let reads = 0;
    const read = () => through(cache, "k", async () => ++reads, ["t"]);
    await read();
    cache.suspend();
    expect(await read()).toBe(2);
    expect(await read()).toBe(3);
    cache.resume();
    expect(await read()).toBe(4);
    expect(await read()).toBe(4);
  });

  it("keeps nothing with a budget of 0 (READ_CACHE_MB=0: caches off)", async () => {
    const { cache } = newCache(0);
    let reads = 0;
    await through(cache, "k", async () => ++reads, ["t"]);
    expect(await through(cache, "k", async () => ++reads, ["t"])).toBe(2);
    expect(cache.size()).toBe(0);
  });
});

describe("the byte budget", () => {
  it("charges each entry its serialized size and drops the least recently used when the total is over", async () => {
    const { cache, budget } = newCache(500_000);
    await through(cache, "a", async () => text(200_000), ["t"]);
    await through(cache, "b", async () => text(200_000), ["t"]);
    expect(budget.usedBytes()).toBe(400_000);
    expect(cache.get("a")).toBeDefined();
    await through(cache, "c", async () => text(200_000), ["t"]);
    expect(budget.usedBytes()).toBe(400_000);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
  });

  it("does not keep an answer over the per-entry cap (256 KB)", async () => {
    const { cache, budget } = newCache();
    let reads = 0;
    const large = async () => ({ n: ++reads, body: text(300_000) });
    await through(cache, "big", large, ["t"]);
    expect((await through(cache, "big", large, ["t"])).n).toBe(2);
    expect(budget.usedBytes()).toBe(0);
  });

  it("lets one user's entries hold only a share of the budget, without touching others' entries", async () => {
    const { cache, budget } = newCache(64 * MB);
    await through(cache, "other", async () => text(100_000), ["t"], "someone-else");
    for (let i = 0; i < 100; i++) await through(cache, `mine:${i}`, async () => text(200_000), ["t"], "attacker");
    expect(budget.usedBytes()).toBeLessThanOrEqual(budget.perOwnerBytes + 100_000);
    expect(budget.perOwnerBytes).toBeLessThanOrEqual(4 * MB);
    expect(cache.get("other")).toBeDefined();
    expect(cache.get("mine:99")).toBeDefined();
    expect(cache.get("mine:0")).toBeUndefined();
  });

  it("sweeps expired entries out on its own, not only when their key is read again", async () => {
    vi.useFakeTimers();
    const { cache, budget } = newCache(64 * MB, 1_000);
    await through(cache, "a", async () => text(1_000), ["t"]);
    vi.advanceTimersByTime(1_001);
    cache.sweep();
    expect(cache.size()).toBe(0);
    expect(budget.usedBytes()).toBe(0);
  });

  it("measures bytes as the client receives them (UTF-8 JSON)", () => {
    expect(serializedBytes({ a: "é" })).toBe(Buffer.byteLength('{"a":"é"}'));
  });
});
