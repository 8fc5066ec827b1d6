// Features keep to their rooms: the check `npm run check` runs (scripts/check-feature-boundaries.ts).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { featureBoundaries } from "./check-feature-boundaries";
import { scratchFolders } from "./lib/scratch-folders";

const project = scratchFolders("boundaries");

const crossings = (root: string) =>
  featureBoundaries(root).crossings.map(({ file, line, feature }) => `${file}:${line} -> ${feature}`);

describe("feature boundaries", () => {
  it("src/ has no import into a feature's internals from outside it, and every index only re-exports", () => {
    const report = featureBoundaries(path.join(import.meta.dirname, "../src"));
    expect(report.crossings).toEqual([]);
    expect(report.indexProblems).toEqual([]);
  }, 60_000);

  it("finds imports, type-only imports, re-exports and import types that reach past a feature's index", () => {
    const root = project({
      "server/features/projects/index.ts": 'export { access } from "./access";\n',
      "server/features/projects/access.ts": "export const access = 1;\nexport type Row = { id: string };\n",
      "server/features/admin/routes.ts":
        'import { access } from "../projects";\nimport type { Row } from "../projects/access";\nexport { access as a } from "../projects/access";\nexport type R = import("../projects/access").Row;\n',
      "server/app.ts":
        'import { access } from "./features/projects/access";\nimport { access as ok } from "./features/projects";\n',
      "server/http/web.ts": 'import { access } from "../features/projects/index";\n',
    });
    expect(crossings(root)).toEqual([
      "server/app.ts:1 -> server/features/projects",
      "server/features/admin/routes.ts:2 -> server/features/projects",
      "server/features/admin/routes.ts:3 -> server/features/projects",
      "server/features/admin/routes.ts:4 -> server/features/projects",
    ]);
  });

  it("lets a feature, its subfolders and its tests import its own files", () => {
    const root = project({
      "server/features/projects/access.ts": "export const access = 1;\n",
      "server/features/projects/team/add-member.ts": 'import { access } from "../access";\n',
      "server/features/projects/access.test.ts": 'import { access } from "./access";\n',
    });
    expect(crossings(root)).toEqual([]);
  });

  it("holds a test outside the feature, and the client's shell, to the index", () => {
    const root = project({
      "server/features/admin/reads.ts": "export const read = 1;\n",
      "server/cache/change-notices.test.ts": 'import { read } from "../features/admin/reads";\n',
      "client/features/shell/use-shell-data.ts": "export const useShellData = () => 1;\n",
      "client/components/layout/AppShell.tsx": 'import { useShellData } from "../../features/shell/use-shell-data";\n',
      "client/features/dashboard/DashboardPage.tsx": 'import { useShellData } from "../shell/use-shell-data";\n',
    });
    expect(crossings(root)).toEqual([
      "client/components/layout/AppShell.tsx:1 -> client/features/shell",
      "client/features/dashboard/DashboardPage.tsx:1 -> client/features/shell",
      "server/cache/change-notices.test.ts:1 -> server/features/admin",
    ]);
  });

  it("lets the client load a feature's module lazily with import(), a chunk of its own, but not the server", () => {
    const root = project({
      "client/features/dashboard/DashboardPage.tsx": "export function DashboardPage() {}\n",
      "client/pages.tsx": 'export const load = () => import("./features/dashboard/DashboardPage");\n',
      "server/features/account/export-data.ts": "export const x = 1;\n",
      "server/main.ts": 'export const load = () => import("./features/account/export-data");\n',
    });
    expect(crossings(root)).toEqual(["server/main.ts:1 -> server/features/account"]);
  });

  it("lets the client import a feature's endpoint owners, and the lighter HTML entries the module they boot", () => {
    const root = project({
      "client/features/projects/api/get-projects.ts": "export const useProjects = () => 1;\n",
      "client/features/auth/pending-sign-in.ts": "export const readPendingSignIn = () => 1;\n",
      "client/features/auth/BackHome.tsx": "export function BackHome() {}\n",
      "client/features/team/UserManagementPage.tsx": 'import { useProjects } from "../projects/api/get-projects";\n',
      "client/components/layout/TopBar.tsx": 'import { useProjects } from "../../features/projects/api/get-projects";\n',
      "client/auth-main.tsx": 'import { readPendingSignIn } from "./features/auth/pending-sign-in";\n',
      "client/pages.tsx": 'import { BackHome } from "./features/auth/BackHome";\n',
      "server/features/projects/api/x.ts": "export const x = 1;\n",
      "server/app.ts": 'import { x } from "./features/projects/api/x";\n',
    });
    expect(crossings(root)).toEqual([
      "client/pages.tsx:1 -> client/features/auth",
      "server/app.ts:1 -> server/features/projects",
    ]);
  });

  it("refuses an index that holds anything but re-exports", () => {
    const root = project({
      "server/features/files/index.ts": 'export { store } from "./store";\nimport { x } from "./x";\nexport const y = x;\n',
      "server/features/files/store.ts": "export const store = 1;\n",
      "server/features/files/x.ts": "export const x = 1;\n",
    });
    expect(featureBoundaries(root).indexProblems).toEqual([
      'server/features/files/index.ts:2: an index holds re-exports only (export … from "./…")',
      'server/features/files/index.ts:3: an index holds re-exports only (export … from "./…")',
    ]);
  });
});
