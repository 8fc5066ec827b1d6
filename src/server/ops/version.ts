// The release's version (package.json's), shown in GET /readyz, the console's footer and each backup's manifest.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** package.json found from this file whether it runs from src/ or from the built dist/. */
function readVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "blueprint-portal" && pkg.version) return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return "unknown";
}

export const APP_VERSION = readVersion();
