// The browser's entries set zod's jitless mode before zod loads: zod then never calls `new Function` (the CSP refuses
// it, and Chromium reports the attempt). Zod is loaded once per test file, so this file loads it only here.
import { describe, expect, it, vi } from "vitest";

describe("zod in the browser", () => {
  it("never calls new Function once an entry has loaded zod-jitless", async () => {
    const calls = vi.fn();
    const construct = (target: FunctionConstructor, args: string[]) => {
      calls();
      return Reflect.construct(target, args);
    };
    vi.stubGlobal("Function", new Proxy(Function, { construct }));
    await import("./zod-jitless");
    const { z } = await import("zod");
    expect(z.object({ name: z.string() }).parse({ name: "Mo" })).toEqual({ name: "Mo" });
    expect(z.config().jitless).toBe(true);
    expect(calls).not.toHaveBeenCalled();
    // The stub does see a `new Function`: the assertion above is not empty.
    new Function("return 1");
    expect(calls).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
