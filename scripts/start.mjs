// npm start: load `.env` when present, build only when the sources changed since the last build, then run the built
// server in this process.
import "./load-env.mjs";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Everything the build reads: change any of these and the next start rebuilds.
const BUILD_INPUTS = ["src", "drizzle", "scripts", "package-lock.json", "package.json", "vite.config.ts", "tsconfig.json"];
const STAMP = "dist/.build-inputs";

function* filesUnder(entry) {
  if (!existsSync(entry)) return;
  if (!statSync(entry).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    yield* filesUnder(path.join(entry, name));
  }
}

function buildInputsHash() {
  const hash = createHash("sha256");
  for (const input of BUILD_INPUTS) {
    for (const file of filesUnder(input)) {
      hash.update(file);
      hash.update("\0");
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex");
}

const wanted = buildInputsHash();
const built = existsSync(STAMP) && existsSync("dist/server/main.js") ? readFileSync(STAMP, "utf8").trim() : "";
if (built === wanted) {
  console.log("build is current: starting without rebuilding");
} else {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, `${wanted}\n`);
}

await import(pathToFileURL(path.resolve("dist/server/main.js")).href);
