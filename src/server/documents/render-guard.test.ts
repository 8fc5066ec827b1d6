import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { contentKey, RenderGuard } from "./render-guard";

const bytes = (text: string) => new TextEncoder().encode(text);
function deferred() {
  let resolve: (value: Uint8Array) => void = () => {};
  const promise = new Promise<Uint8Array>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
async function statusOf(work: Promise<unknown>): Promise<number> {
  try {
    await work;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}

describe("RenderGuard", () => {
  it("renders an input once and serves the cached bytes after", async () => {
    const guard = new RenderGuard({ concurrency: 1, maxQueued: 1, cacheBytes: 1000 });
    let renders = 0;
    const produce = async () => {
      renders++;
      return bytes("pdf");
    };
    const key = contentKey("brief", { markdown: "# A", at: new Date(0), png: bytes("x") });
    expect(await guard.render(key, "u1", produce)).toEqual(bytes("pdf"));
    expect(await guard.render(key, "u2", produce)).toEqual(bytes("pdf"));
    expect(renders).toBe(1);
    expect(contentKey("brief", { markdown: "# B" })).not.toBe(contentKey("brief", { markdown: "# A" }));
  });

  it("lets each user have one render at a time (429), and answers 503 when the queue is full", async () => {
    const guard = new RenderGuard({ concurrency: 1, maxQueued: 1, cacheBytes: 1000 });
    const first = deferred();
    const second = deferred();
    const running = guard.render("a", "u1", () => first.promise);
    expect(await statusOf(guard.render("b", "u1", async () => bytes("b")))).toBe(429);
    const queued = guard.render("c", "u2", () => second.promise);
    expect(await statusOf(guard.render("d", "u3", async () => bytes("d")))).toBe(503);
    first.resolve(bytes("a"));
    second.resolve(bytes("c"));
    expect(await running).toEqual(bytes("a"));
    expect(await queued).toEqual(bytes("c"));
    expect(await guard.render("b", "u1", async () => bytes("b"))).toEqual(bytes("b"));
  });

  it("forgets the least recently used PDFs past its byte budget", async () => {
    const guard = new RenderGuard({ concurrency: 2, maxQueued: 2, cacheBytes: 40 });
    let renders = 0;
    const produce = async () => {
      renders++;
      return new Uint8Array(10);
    };
    for (const key of ["a", "b", "c", "d", "e"]) await guard.render(key, "u", produce);
    await guard.render("a", "u", produce);
    expect(renders).toBe(6);
  });
});
