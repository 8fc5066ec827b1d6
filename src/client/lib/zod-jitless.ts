// Zod compiles object parsers with `new Function` where it may, and probes for that when it builds its first object
// schema. The CSP (script-src 'self') refuses the probe, and Chromium reports every refusal as an issue (Lighthouse:
// best practices below 100). Zod reads its settings from this global when it loads, so setting it in each entry, before
// any schema module loads, means zod never probes and parses without compiling (its only way under this CSP anyway).
// The server keeps zod's compiled parsers: this module is only in the browser's entries.

type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
