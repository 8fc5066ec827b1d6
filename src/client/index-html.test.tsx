// The app's HTML (index.html) paints the app's loading spinner before any script runs; it must stay the same markup
// as the component the first render shows, so nothing changes on screen when React takes over.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RUNTIME_TOKENS } from "../shared/runtime-tokens";
import { FullScreenSpinner } from "./components/ui/spinner";
import html from "./index.html?raw";

describe("index.html", () => {
  it("holds FullScreenSpinner's markup in #root", () => {
    const root = /<div id="root">(.*)<\/div>\n/.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(<FullScreenSpinner />));
  });

  it("has the place for a signed-in user's block and preload hints after #root (src/server/http/web.ts)", () => {
    expect(html.indexOf(RUNTIME_TOKENS.signedInPart)).toBeGreaterThan(html.indexOf('<div id="root">'));
  });
});
