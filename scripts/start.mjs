// npm start: load `.env` when present, build only when the sources changed since the last build, then run the built
// server in this process.
import "./load-env.mjs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildInputsHash, buildIsCurrent, recordBuild } from "./lib/build-stamp.mjs";

const wanted = buildInputsHash();
if (buildIsCurrent(wanted)) {
  console.log("build is current: starting without rebuilding");
} else {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  recordBuild(wanted);
}

await import(pathToFileURL(path.resolve("dist/server/main.js")).href);
