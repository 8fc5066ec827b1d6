// The built server as it is deployed (`node dist/server/main.js`, production settings, a new embedded database from
// the build's template), started on the Node that runs this file: CI runs it again on the lowest supported Node, where
// the whole API suite already proven on the active LTS would only repeat the same JavaScript. It signs a customer and
// an admin in through emailed codes and walks the main flows over real HTTP.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../setup/free-port";
import { SIGNATURE, VALID_PROFILE } from "../setup/onboarding";
import { codeIn, startSmtpServer, type TestSmtpServer } from "../setup/smtp";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAIN = path.join(ROOT, "dist/server/main.js");
const ADMIN = "smoke.admin@blueprint.local";
const CUSTOMER = "smoke.customer@example.com";

let smtp: TestSmtpServer;
let server: ChildProcess;
let exited: Promise<number | null>;
let output = "";
let dataDir: string;
let url: string;

/** A request as the browser sends it: JSON body, the app's own Origin, the session cookie when given. */
function call(method: string, pathname: string, options: { cookie?: string; body?: unknown } = {}) {
  return fetch(`${url}${pathname}`, {
    method,
    headers: {
      origin: url,
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** Signs in through the emailed code, as a person does: returns the session cookie (`name=value`). */
async function signIn(email: string, name: string): Promise<string> {
  const earlier = new Set(smtp.messages);
  const requested = await call("POST", "/api/auth/request-code", { body: { email, name } });
  expect(requested.status).toBe(200);
  // The code is bound to the browser that asked for it: its pre-sign-in cookie goes back with the code.
  const preSignIn = requested.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  // The code's email, not another one to the same address (an admin also hears of a signed NDA).
  const mail = await smtp.waitFor((m) => !earlier.has(m) && m.to.includes(email) && /\b\d{6}\b/.test(m.text), 20_000);
  const verified = await call("POST", "/api/auth/verify-code", { cookie: preSignIn, body: { email, code: codeIn(mail.text) } });
  expect(verified.status, await verified.clone().text()).toBe(200);
  const session = verified.headers.getSetCookie().find((line) => /^(__Host-)?bp_session=/.test(line));
  if (!session) throw new Error("verify-code set no session cookie");
  return session.split(";")[0] ?? "";
}

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error("dist/server/main.js is missing: run `npm run build` before the smoke test");
  smtp = await startSmtpServer();
  dataDir = mkdtempSync(path.join(tmpdir(), "bp-smoke-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "production",
      SECRET_KEY: randomBytes(32).toString("hex"),
      DATABASE_URL: "",
      DATA_DIR: path.join(dataDir, "data"),
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: ADMIN,
      LOG_LEVEL: "warn",
      // Production drains 5 s after SIGTERM, which here would be 5 s of an idle machine at the end of the first run;
      // the drain itself is checked in tests/security/nginx-retries.test.ts.
      SHUTDOWN_DRAIN_SECONDS: "1",
    },
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  exited = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`the built server exited during start:\n${output}`);
    const ready = await fetch(`${url}/readyz`).catch(() => null);
    if (ready?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGKILL");
    await exited;
  }
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`the built server on Node ${process.versions.node}`, () => {
  let customer: string;
  let admin: string;
  let projectId: string;

  it("serves the public site and the sign-in page", async () => {
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toMatch(/^text\/html/);
    const auth = await fetch(`${url}/auth`);
    expect(auth.status).toBe(200);
    expect(await auth.text()).toContain('<div id="root"');
  });

  it("signs a customer in with the code it emails, and answers who they are", async () => {
    customer = await signIn(CUSTOMER, "Smoke Customer");
    const me = await call("GET", "/api/auth/user", { cookie: customer });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: CUSTOMER, role: "customer" });
  });

  it("takes the profile and the signed NDA, which opens the first project, then lets the customer start another", async () => {
    const profile = await call("POST", "/api/profile", {
      cookie: customer,
      body: { ...VALID_PROFILE, primaryContact: CUSTOMER },
    });
    expect(profile.status, await profile.clone().text()).toBe(200);
    const earlier = new Set(smtp.messages);
    const nda = { customerEmail: CUSTOMER, customerName: "Smoke Customer", companyName: VALID_PROFILE.company };
    expect((await call("POST", "/api/nda/send-otp", { cookie: customer, body: nda })).status).toBe(200);
    const mail = await smtp.waitFor((m) => !earlier.has(m) && m.to.includes(CUSTOMER), 20_000);
    const signed = await call("POST", "/api/nda/verify-customer-otp", {
      cookie: customer,
      body: { customerEmail: CUSTOMER, customerOtp: codeIn(mail.text), signature: SIGNATURE, signatureMethod: "drawn" },
    });
    expect(signed.status, await signed.clone().text()).toBe(200);
    const first = ((await (await call("GET", "/api/projects", { cookie: customer })).json()) as { items: Array<{ id: string }> })
      .items;
    expect(first).toHaveLength(1);
    projectId = first[0]?.id ?? "";
    const created = await call("POST", "/api/projects", { cookie: customer, body: {} });
    expect(created.status).toBe(201);
    const second = ((await created.json()) as { id: string }).id;
    const list = await call("GET", "/api/projects", { cookie: customer });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain(second);
  });

  it("carries a message from the company to the customer, and emails them about it", async () => {
    admin = await signIn(ADMIN, "Smoke Admin");
    const inConsole = await call("GET", "/api/company/projects", { cookie: admin });
    expect(inConsole.status).toBe(200);
    expect(JSON.stringify(await inConsole.json())).toContain(projectId);
    const subject = `Smoke message ${randomBytes(3).toString("hex")}`;
    const sent = await call("POST", `/api/projects/${projectId}/communications`, {
      cookie: admin,
      body: { type: "message", subject, content: "Checked on the newest Node." },
    });
    expect(sent.status).toBe(201);
    const threads = await call("GET", `/api/projects/${projectId}/communications`, { cookie: customer });
    expect(threads.status).toBe(200);
    expect(JSON.stringify(await threads.json())).toContain(subject);
    await smtp.waitFor((m) => m.to.includes(CUSTOMER) && `${m.subject} ${m.text}`.includes(subject), 20_000);
  });

  it("refuses the customer the company console, and a request from another origin", async () => {
    expect((await call("GET", "/api/company/projects", { cookie: customer })).status).toBe(403);
    const crossOrigin = await fetch(`${url}/api/projects`, {
      method: "POST",
      headers: { origin: "https://elsewhere.example", cookie: customer, "content-type": "application/json" },
      body: "{}",
    });
    expect(crossOrigin.status).toBe(403);
  });

  it("ends the session on sign-out", async () => {
    expect((await call("POST", "/api/auth/logout", { cookie: customer })).status).toBe(200);
    expect((await call("GET", "/api/auth/user", { cookie: customer })).status).toBe(401);
  });

  it("stops cleanly on SIGTERM", async () => {
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 30_000);
});
