// Files and sign-in over HTTP: path traversal on static files and API ids, upload type by magic bytes on
// /api/verify-document, and request-code answering known and unknown addresses alike.
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneTimeCodes, outgoingEmails } from "../../src/server/db/schema";
import { createUser } from "../factories";
import { expectAppUnchanged } from "../setup/db-state";
import { expectErrorShape, type HttpRequestOptions, httpRequest } from "../setup/http";
import { multipart } from "../setup/multipart";
import { signIn } from "../setup/test-app";
import { openRecordingDatabase } from "../setup/test-database";
import { startTestServer, type TestServer } from "../setup/test-server";
import { fakeClientBuild, SECRET_OUTSIDE_BUILD } from "./fixture";

let server: TestServer;
let database: Awaited<ReturnType<typeof openRecordingDatabase>>;
let root: string;
let cookie: string;
beforeAll(async () => {
  const build = fakeClientBuild();
  root = build.root;
  database = await openRecordingDatabase();
  server = await startTestServer({}, { clientDir: build.clientDir, database });
  cookie = await signIn(server.app, "files@customer-e.example", "Fay Files");
});
afterAll(async () => {
  await server?.close();
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const send = (options: HttpRequestOptions) => httpRequest(server.url, options);
/** A refused request changes nothing. */
const attack = (options: HttpRequestOptions) => expectAppUnchanged(server.app, () => send(options));

describe("path traversal", () => {
  it("serves a real built file (the control: the static route works)", async () => {
    const res = await send({ path: "/assets/app-1234.js" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("console.log");
  });

  it.each([
    "/../secret.txt",
    "/assets/../../secret.txt",
    "/..%2f..%2fsecret.txt",
    "/assets/..%2f..%2fsecret.txt",
    "/%2e%2e/%2e%2e/secret.txt",
    "/assets/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/assets/..%252f..%252fsecret.txt",
    "/..%5c..%5csecret.txt",
    "/assets/..\\..\\secret.txt",
    "/%c0%ae%c0%ae/%c0%ae%c0%ae/secret.txt",
    "/assets/app-1234.js%00.html",
    "/favicon.ico%00/../../secret.txt",
    "/..%2f..%2fpackage.json",
    "//etc/passwd",
    "/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
  ])("%s never returns a file outside the build", async (path) => {
    const res = await attack({ path });
    expect([400, 404], `${path} answered ${res.status}`).toContain(res.status);
    expect(res.text).not.toContain(SECRET_OUTSIDE_BUILD);
    expect(res.text).not.toMatch(/root:.*:0:0:/);
  });

  it.each([
    "/api/projects/..%2f..%2fetc%2fpasswd/requirements",
    "/api/projects/%00/requirements",
    "/api/projects/%2e%2e/users",
    "/api/nda/download/..%2f..%2fsecret.txt",
    "/api/nda/download/%00",
  ])("an API id %s answers 404 in the JSON shape", async (path) => {
    const res = await attack({ path, cookie });
    expect([400, 404]).toContain(res.status);
    expectErrorShape(res, res.status);
    expect(res.text).not.toContain(SECRET_OUTSIDE_BUILD);
  });
});

function upload(filename: string, contentType: string, bytes: Buffer, field?: string) {
  const { payload, headers } = multipart({}, { filename, contentType, bytes, field });
  return attack({ method: "POST", path: "/api/verify-document", headers, body: payload });
}

describe("upload type by magic bytes (/api/verify-document)", () => {
  it.each<[string, string, Buffer]>([
    ["an HTML page renamed .pdf", "application/pdf", Buffer.from("<!doctype html><script>alert(1)</script>")],
    ["an SVG renamed .pdf", "application/pdf", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ["a Windows executable renamed .pdf", "application/pdf", Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(512)])],
    ["a PNG named .pdf", "application/pdf", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ["a PDF signature after leading whitespace", "application/pdf", Buffer.from("   %PDF-1.7\n")],
    ["an empty file", "application/pdf", Buffer.alloc(0)],
  ])("%s is refused with 415", async (_name, type, content) => {
    expectErrorShape(await upload("agreement.pdf", type, content), 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("a file over 20 MB is refused with 413 while streaming", async () => {
    const big = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(21 * 1024 * 1024, 0x20)]);
    expectErrorShape(await upload("big.pdf", "application/pdf", big), 413, "PAYLOAD_TOO_LARGE");
  });

  it("a PDF polyglot is only hashed: answered 'not issued here', nothing stored", async () => {
    const res = await upload("x.pdf", "text/html", Buffer.from("%PDF-1.4\n<html><script>alert(1)</script></html>"));
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ valid: false, document: null });
  });

  it("a JSON body or a form without a file is refused in the JSON error shape", async () => {
    expectErrorShape(await attack({ method: "POST", path: "/api/verify-document", body: { file: "%PDF-1.7" } }), 415);
    const boundary = "----empty";
    const noFile = await attack({
      method: "POST",
      path: "/api/verify-document",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}--\r\n`,
    });
    expectErrorShape(noFile, noFile.status);
    expect(noFile.status).toBeGreaterThanOrEqual(400);
    expect(noFile.status).toBeLessThan(500);
    const textField = await attack({
      method: "POST",
      path: "/api/verify-document",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expectErrorShape(textField, textField.status);
    expect(textField.status).toBeLessThan(500);
  });
});

describe("request-code for known and unknown addresses", () => {
  const ROUNDS = 8;

  it("answers both alike and does the same work for both: the same statements, one code and one email each", async () => {
    const db = server.app.ctx.db;
    const known: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const email = `known-${i}@customer-f.example`;
      await createUser(db, { email, name: "Known Person" });
      known.push(email);
    }
    const unknown = Array.from({ length: ROUNDS }, (_, i) => `unknown-${i}@nowhere-f.example`);
    const statements: Record<"known" | "unknown", string[][]> = { known: [], unknown: [] };
    const bodies = new Set<string>();
    const statuses = new Set<number>();
    for (let i = 0; i < ROUNDS; i++) {
      for (const [side, email] of [
        ["known", known[i]],
        ["unknown", unknown[i]],
      ] as const) {
        const res = await send({ method: "POST", path: "/api/auth/request-code", body: { email, name: "Some Person" } });
        statuses.add(res.status);
        bodies.add(res.text.replace(/"requestId":"[^"]*"/, ""));
        statements[side].push(database.statementsOf(String(res.headers["x-request-id"])));
      }
    }
    expect([...statuses]).toEqual([200]);
    expect(bodies.size).toBe(1);

    // The same work: one code and one email per request, whether or not the address has an account.
    const codes = await db.select({ email: oneTimeCodes.email }).from(oneTimeCodes);
    const mails = await db.select({ to: outgoingEmails.toAddress }).from(outgoingEmails);
    for (const email of [...known, ...unknown]) {
      expect(codes.filter((c) => c.email === email)).toHaveLength(1);
      expect(mails.filter((m) => m.to === email)).toHaveLength(1);
    }

    // And the same statements, in the same order: a timing oracle needs work that only one side does (a user lookup,
    // an extra query, mail sent inline), and any of it shows here as a different list, on any machine. (Timing the
    // two sides instead measured the shared machine more than the code.)
    const first = statements.known[0] ?? [];
    expect(first.length).toBeGreaterThan(0);
    expect(first.some((statement) => /one_time_codes/.test(statement))).toBe(true);
    for (const list of [...statements.known, ...statements.unknown]) expect(list).toEqual(first);
  });

  it("files the email's delivery under no request: the worker's statements are its own, not the request's", async () => {
    const email = "delivered-apart@customer-f.example";
    const res = await send({ method: "POST", path: "/api/auth/request-code", body: { email, name: "Some Person" } });
    expect(res.status).toBe(200);
    const db = server.app.ctx.db;
    const statusOf = async () =>
      (await db.select({ status: outgoingEmails.status }).from(outgoingEmails).where(eq(outgoingEmails.toAddress, email)))[0]
        ?.status;
    await expect.poll(statusOf, { timeout: 20_000 }).toBe("sent");
    const mine = database.statementsOf(String(res.headers["x-request-id"]));
    expect(mine.some((statement) => /insert into "outgoing_emails"/.test(statement))).toBe(true);
    expect(mine.filter((statement) => /status = 'sent'|status = 'sending'/.test(statement))).toEqual([]);
  });
});
