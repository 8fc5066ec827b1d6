import { describe, expect, it } from "vitest";
import { safeExternalUrl } from "./safe-url";

describe("safeExternalUrl", () => {
  it.each([
    ["https://pay.example/x", "https://pay.example/x"],
    ["http://localhost:5173/app?step=2#top", "http://localhost:5173/app?step=2#top"],
    ["HTTPS://Example.COM", "https://example.com/"],
    ["javascript:alert(1)", null],
    ["data:text/html,<b>hi</b>", null],
    ["ftp://files.example/a", null],
    ["/relative/path", null],
    ["not a url", null],
    ["", null],
    [undefined, null],
    [null, null],
  ])("keeps only http(s) addresses: %s", (input, output) => {
    expect(safeExternalUrl(input)).toBe(output);
  });
});
