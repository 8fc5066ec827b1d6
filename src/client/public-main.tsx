// The public pages' entry: hydrates the pre-rendered page with only that page's code. No portal or admin code comes here.
import "./styles.css";
import { hydrateRoot } from "react-dom/client";
import { publicPageByPath } from "../shared/public-pages";
import { PublicApp } from "./features/public-site/PublicApp";
import { PAGE_LOADERS } from "./features/public-site/pages";
import { mountToasterOnDemand } from "./features/public-site/toaster-on-demand";
import { createQueryClient } from "./lib/api";

const root = document.getElementById("root");
const page = publicPageByPath(window.location.pathname);
if (root && page) {
  PAGE_LOADERS[page.key]().then(({ default: Page }) => {
    hydrateRoot(root, <PublicApp page={Page} queryClient={createQueryClient()} />);
    mountToasterOnDemand();
  });
}
