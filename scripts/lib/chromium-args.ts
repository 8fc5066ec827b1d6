// The switches every Chromium we start takes, whoever starts it (the browser tests, the screenshots, the web bench):
// no sandbox and /tmp for shared memory (containers run it as root with a small /dev/shm), no GPU, and none of a
// fresh profile's background traffic (updates, sync, first-run pages), so a run measures and shows only the portal.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
