// The public pages' entry. The HTML arrives complete (pre-rendered), so nothing here renders: it starts the page's
// islands (menu, currency switch, ROI calculator, contact forms; features/public-site/islands).
// No React, router or query library loads with a page; a contact form brings React on its first touch.
import { startIslands } from "./features/public-site/islands";

startIslands(document);
