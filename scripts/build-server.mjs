// Bundles the server into dist/server/main.js; dependencies stay external (installed by npm).
import { copyFileSync, readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})],
  logLevel: "warning",
});
// `npm run backup` and `npm run restore` where tsx is not installed (an image): bundled beside the server.
await build({
  entryPoints: { backup: "scripts/backup.ts", restore: "scripts/restore.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})],
  logLevel: "warning",
});
// The mail parsers' worker thread (features/inbound-email/mail-parsing.ts) is loaded from beside the bundle: plain
// JavaScript importing only installed packages, copied as it is.
copyFileSync("src/server/features/inbound-email/inbound-parse-worker.mjs", "dist/server/inbound-parse-worker.mjs");
console.log("built dist/server/main.js");
