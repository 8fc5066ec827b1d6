// The docs name only files that exist: the check `npm run check` runs (scripts/check-doc-references.ts).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deadReferences, referencesIn } from "./check-doc-references";
import { scratchFolders } from "./lib/scratch-folders";

const repository = scratchFolders("doc-references");

const FILES = {
  "src/server/cache/define-read.ts": "",
  "src/server/features/inbound-email/post-reply.ts": "",
  "src/client/features/admin/api/set-inquiry-status.ts": "",
  "drizzle/0012_secmail_reply_message_id.sql": "",
  "docs/decisions/0018-read-caches.md": "# 0018\n",
  "tests/setup/browser.ts": "",
};

describe("the file references in the docs", () => {
  it("all exist in this repository", () => {
    expect(deadReferences(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  }, 30_000);

  it("pass when each names a file or folder: from the root, by the end of its path, by its name, or relative to the note", () => {
    const root = repository({
      ...FILES,
      "README.md": "See `src/server/cache/define-read.ts`, `tests/setup/` and [the note](docs/decisions/0018-read-caches.md).\n",
      "docs/ARCHITECTURE.md": [
        "`cache/define-read.ts` and `features/admin/api/set-inquiry-status.ts`; `post-reply.ts`, migration",
        "`0012_secmail_reply_message_id`; [0018](decisions/0018-read-caches.md), [up](../README.md).",
        "Not files: https://example.com/src/gone.ts, /api/projects/{id}/feedback, `dist/server/main.js` (a build's),",
        "`bench/results/latest.json` and `./data` (a run's), read/write.",
        "```ts",
        'import { defineRead } from "../../cache/define-read";',
        "```",
      ].join("\n"),
    });
    expect(deadReferences(root)).toEqual([]);
  });

  it("fail on a made-up reference, each with its note and line", () => {
    const root = repository({
      ...FILES,
      "README.md": "Intro.\nThe reads live in `src/server/cache/cached-reads.ts`.\n",
      "docs/security.md": "Closed by `live/publish.ts`.\nMigration `0008_secmail_reply_message_id`; [gone](./gone.md).\n",
      "docs/decisions/0001-x.md": "# 0001\n\nSee `scripts/gone.ts` and `features/public-site/components/deferred-part.tsx`.\n",
    });
    expect(deadReferences(root)).toEqual([
      { file: "README.md", line: 2, reference: "src/server/cache/cached-reads.ts" },
      { file: "docs/security.md", line: 1, reference: "live/publish.ts" },
      { file: "docs/security.md", line: 2, reference: "./gone.md" },
      { file: "docs/security.md", line: 2, reference: "drizzle/0008_secmail_reply_message_id.sql" },
      { file: "docs/decisions/0001-x.md", line: 3, reference: "scripts/gone.ts" },
      { file: "docs/decisions/0001-x.md", line: 3, reference: "features/public-site/components/deferred-part.tsx" },
    ]);
  });

  it("are read from a line as path-like words, file names in backticks and migration tags", () => {
    expect(referencesIn("`src/a.ts`, see docs/b.md. And `c.tsx`, `0001_init`, and/or 1.5/2, https://x.io/src/d.ts")).toEqual([
      "src/a.ts",
      "docs/b.md",
      "c.tsx",
      "drizzle/0001_init.sql",
    ]);
  });
});
