// Issue 31: the admin search found "2026-0002" but not "0002" (a four-digit term was read as a year), and "lopez" did
// not find "López". Codes are found by any part, names (customer and project) without their accents and in any case,
// through the folded *_search columns and their trigram indexes (drizzle/0023-0024).
import { beforeAll, describe, expect, it } from "vitest";
import { createCompletedProfile, onboardOwner, signedInUser } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";

const t = openForFile(() => createTestApp());
let admin: string;
beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});

let counter = 0;
async function customerWithProject(fullName: string, projectName?: string) {
  const who = await signedInUser(t.app, { email: `search-${++counter}@example.com`, name: fullName });
  await createCompletedProfile(t.app.ctx.db, { userId: who.userId, fullName, company: `${fullName} Co` });
  await onboardOwner(t.app.ctx.db, who.userId);
  const project = (
    await t.app.inject({ method: "POST", url: "/api/projects", payload: {}, headers: { cookie: who.cookie } })
  ).json() as { id: string; projectCode: string };
  if (projectName) {
    const named = await t.app.inject({
      method: "PATCH",
      url: `/api/company/projects/${project.id}`,
      payload: { projectName },
      headers: { cookie: admin },
    });
    expect(named.statusCode, named.body).toBe(200);
  }
  return { ...who, project };
}

async function found(search: string): Promise<string[]> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/company/projects?search=${encodeURIComponent(search)}&pageSize=100`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((item: { id: string }) => item.id);
}

describe("admin project search", () => {
  it("finds a code by any part: its number alone, year and number, the whole code", async () => {
    const filler = await customerWithProject("Filler Person");
    const target = await customerWithProject("Code Owner");
    const code = target.project.projectCode; // e.g. PRJ-2026-0002
    const [, year, number] = /^[A-Z]+-(\d{4})-(\d+)$/.exec(code) ?? [];
    expect(number, code).toBeDefined();
    for (const part of [number ?? "", `${year}-${number}`, code, code.toLowerCase(), `${year}-${number}`.slice(2)]) {
      expect(await found(part), part).toContain(target.project.id);
    }
    expect(await found(number ?? "")).not.toContain(filler.project.id);
  });

  it('finds "López" by "lopez", "LOPEZ" and "lópez"; other accents too; not a different name', async () => {
    const lopez = await customerWithProject("Ana López");
    const muller = await customerWithProject("Jürgen Ångström-Müller");
    const polish = await customerWithProject("Łukasz Żółć");
    const nordic = await customerWithProject("Søren Ærø", "Café Crème Brûlée");
    const other = await customerWithProject("Ana Lopes");

    for (const search of ["lopez", "LOPEZ", "lópez", "Ana López", "ana lopez"]) {
      const ids = await found(search);
      expect(ids, search).toContain(lopez.project.id);
      expect(ids, search).not.toContain(other.project.id);
    }
    expect(await found("angstrom-muller")).toEqual([muller.project.id]);
    expect(await found("JURGEN")).toEqual([muller.project.id]);
    expect(await found("lukasz zolc")).toEqual([polish.project.id]);
    expect(await found("soren aero")).toEqual([nordic.project.id]);
    // Project names too.
    expect(await found("creme brulee")).toEqual([nordic.project.id]);
    expect(await found("CAFÉ")).toEqual([nordic.project.id]);
  });

  it("the user activity search folds names the same way", async () => {
    const person = await customerWithProject("Mónica Gómez-Peña");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/company/user-activity?search=${encodeURIComponent("monica gomez-pena")}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((item: { id: string }) => item.id)).toEqual([person.userId]);
  });
});
