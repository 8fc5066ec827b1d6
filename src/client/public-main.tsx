// The public pages' entry. The HTML arrives complete (pre-rendered), so the first paint needs no JavaScript: this entry
// lets the browser paint first, then loads React and this page's own chunk (already preloaded) and hydrates.
// No portal or admin code is reachable from here.
import "./lib/zod-jitless";
import { publicPageByPath } from "../shared/public-pages";
import { PAGE_LOADERS } from "./features/public-site/pages";

const afterFirstPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const root = document.getElementById("root");
const page = publicPageByPath(window.location.pathname);
if (root && page) {
  afterFirstPaint()
    .then(() => Promise.all([import("./features/public-site/hydrate"), PAGE_LOADERS[page.key]()]))
    .then(([{ hydratePublicPage }, { default: Page }]) => hydratePublicPage(root, Page));
}
