import { describe, expect, it } from "vitest";
import { framePolicyOf } from "./frame-policy";

const portal = "https://portal.example.com";

describe("framePolicyOf", () => {
  it.each([
    [{ xFrameOptions: null, csp: null }, true],
    [{ xFrameOptions: "DENY", csp: null }, false],
    [{ xFrameOptions: "SAMEORIGIN", csp: null }, false],
    [{ xFrameOptions: null, csp: "default-src 'self'; frame-ancestors 'none'" }, false],
    [{ xFrameOptions: null, csp: "frame-ancestors 'self'" }, false],
    [{ xFrameOptions: null, csp: "frame-ancestors https://portal.example.com" }, true],
    [{ xFrameOptions: null, csp: "frame-ancestors https://*.example.com" }, true],
    [{ xFrameOptions: null, csp: "frame-ancestors https:" }, true],
    [{ xFrameOptions: "DENY", csp: "frame-ancestors *" }, true],
    [{ xFrameOptions: null, csp: "default-src 'self'" }, true],
  ])("%j frameable: %s", (headers, frameable) => {
    expect(framePolicyOf(headers, portal).frameable).toBe(frameable);
  });
});
