// Pre-renders a visitor's sign-in screen into dist/client/auth.html, so /auth paints without JavaScript and loads
// React only on the first touch (src/client/auth-main.tsx). The same root the browser hydrates (sign-in-root.tsx).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { SIGN_IN_ID_PREFIX, signInRoot } from "../../src/client/features/auth/sign-in-root";
import { createQueryClient } from "../../src/client/lib/query-client";

const EMPTY_ROOT = '<div id="root"></div>';

export function prerenderSignIn(clientDir: string): void {
  const file = path.join(clientDir, "auth.html");
  const html = readFileSync(file, "utf8");
  if (!html.includes(EMPTY_ROOT)) throw new Error("auth.html has no empty #root to pre-render into");
  const noop = () => {};
  const body = renderToString(signInRoot(createQueryClient(), { onHome: noop, onSignedIn: noop }), {
    identifierPrefix: SIGN_IN_ID_PREFIX,
  });
  writeFileSync(
    file,
    html.replace(EMPTY_ROOT, () => `<div id="root">${body}</div>`),
  );
}
