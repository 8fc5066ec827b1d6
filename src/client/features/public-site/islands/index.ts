// The interactive parts of a pre-rendered public page, each an island started on its own element
// (`data-island="<name>"`). Only the contact forms use React, and they load it on first touch.
import { contactFormIsland } from "./contact-form";
import { currencyIsland } from "./currency";
import { menuIsland } from "./menu";
import { roiIsland } from "./roi";

const ISLANDS: Record<string, (element: HTMLElement) => void> = {
  menu: menuIsland,
  currency: currencyIsland,
  roi: roiIsland,
  "contact-form": contactFormIsland,
};

export function startIslands(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]")) {
    ISLANDS[element.dataset.island ?? ""]?.(element);
  }
}
