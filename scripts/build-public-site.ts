// Runs after `vite build`: pre-renders the public pages and the sign-in screen, draws the sales deck PDF, and
// pre-compresses the assets.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SALES_DECK_PATH } from "../src/shared/constants/marketing";
import { precompressDirectory } from "./public-site/precompress";
import { prerenderPublicPages } from "./public-site/prerender";
import { prerenderLegalShells } from "./public-site/prerender-legal";
import { prerenderSignIn } from "./public-site/prerender-sign-in";
import { buildSalesDeck } from "./public-site/sales-deck";

const clientDir = path.resolve(process.argv[2] ?? "dist/client");
const started = performance.now();

const pagesDir = path.join(clientDir, "pages");
mkdirSync(pagesDir, { recursive: true });
const pages = await prerenderPublicPages(clientDir);
for (const page of pages) writeFileSync(path.join(pagesDir, `${page.key}.html`), page.html);
// The terms pages' shells: the server fills in the company's details per request (features/legal/terms-pages.ts).
for (const shell of await prerenderLegalShells(clientDir))
  writeFileSync(path.join(pagesDir, `legal-${shell.key}.html`), shell.html);
prerenderSignIn(clientDir);

const deck = await buildSalesDeck();
writeFileSync(path.join(clientDir, SALES_DECK_PATH.slice(1)), deck);

const { files } = precompressDirectory(clientDir);
console.log(
  `public site: ${pages.length} pages pre-rendered, deck ${Math.round(deck.length / 1024)} KB, ${files} assets compressed` +
    ` (${Math.round(performance.now() - started)} ms)`,
);
