// npm run backup / restore: loads `.env` as the server does, then runs the command from the sources when tsx is
// installed (a checkout), else the built one beside the server (dist/server/<command>.js: an image has no tsx).
import "./load-env.mjs";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [command, ...rest] = process.argv.slice(2);
if (command !== "backup" && command !== "restore") {
  console.error("usage: node scripts/ops.mjs backup|restore ...");
  process.exit(64);
}
process.argv = [process.argv[0] ?? "node", command, ...rest];
const built = path.resolve("dist/server", `${command}.js`);
let tsx = true;
try {
  import.meta.resolve("tsx/esm/api");
} catch {
  tsx = false;
}
if (tsx) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(path.resolve("scripts", `${command}.ts`)).href);
} else if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  console.error(`${built} is missing: run npm run build first`);
  process.exit(1);
}
