// Makes the tests' migrated PGlite snapshot (tests/setup/global-database.ts) when node_modules/.cache has none: npm test
// runs it beside the build, where the first `vitest run`'s global set-up would make it while every worker waits.
import { pgliteSnapshot } from "../../tests/setup/global-database";

const started = performance.now();
const file = await pgliteSnapshot();
console.log(`PGlite test snapshot ${file} (${Math.round(performance.now() - started)} ms)`);
