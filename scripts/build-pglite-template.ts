// Makes dist/server/pglite-template: the migrated embedded database a new DATA_DIR starts from (src/server/db/pglite-template.ts).
import path from "node:path";
import { createPgliteTemplate } from "../src/server/db/client";

const started = performance.now();
createPgliteTemplate(path.resolve("dist/server/pglite-template"));
console.log(`built dist/server/pglite-template (${Math.round(performance.now() - started)} ms)`);
