// Whether dist/ was built from the sources as they are now: a hash of everything the build reads, written beside the
// build by whoever ran it (npm start, npm test). npm start rebuilds when it differs; the tests' child servers run
// src/ through tsx when it differs, so an edit made since the last build is what they test.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
// Everything the build reads: change any of these and the build is no longer current.
const BUILD_INPUTS = ["src", "drizzle", "scripts", "package-lock.json", "package.json", "vite.config.ts", "tsconfig.json"];
const STAMP = path.join(ROOT, "dist/.build-inputs");
const BUILT_SERVER = path.join(ROOT, "dist/server/main.js");

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

/** The hash of the build's inputs as they are now (relative paths and contents). */
export function buildInputsHash() {
  const hash = createHash("sha256");
  for (const input of BUILD_INPUTS) {
    for (const file of filesUnder(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file));
      hash.update("\0");
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex");
}

/** Records that dist/ holds the build of the inputs that hashed to `inputsHash` (taken before the build began). */
export function recordBuild(inputsHash) {
  writeFileSync(STAMP, `${inputsHash}\n`);
}

/** dist/ holds a build of the sources as they are now (`inputsHash` when the caller has it already). */
export function buildIsCurrent(inputsHash = buildInputsHash()) {
  return existsSync(STAMP) && existsSync(BUILT_SERVER) && readFileSync(STAMP, "utf8").trim() === inputsHash;
}
