// npm run check: the write routes that name no audit action (issue 43 §1). The app refuses to register one
// (http/company-audit.ts), so building it is the count: 0 when it starts, else the route it refused.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app";
import { benchConfig } from "./lib/bench-database";

const dataDir = mkdtempSync(path.join(tmpdir(), "bp-audit-routes-"));
try {
  const app = await buildApp({ config: benchConfig("memory://", dataDir), scheduledJobs: false });
  await app.ready();
  await app.close();
  console.log("write routes without an audit action: 0");
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (!message.includes("names no audit action")) throw error;
  console.error(`write routes without an audit action: at least 1\n  ${message}`);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
