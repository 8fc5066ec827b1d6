// Issued documents carry PAdES signatures that poppler's pdfsig verifies on its own: the NDA when the customer signs
// (one signature over the whole file) and after the company approves (a second one appended, both valid, the last
// over the whole file); a customer-authored brief and the demo account's documents carry none. One changed byte in a signed range makes pdfsig report it invalid.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import forge from "node-forge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompletedProfile, customer, GOOD_ANSWERS, json, newProject } from "../../../tests/factories";
import { approveNdaAs, SIGNATURE, signNdaFor, submitProfile } from "../../../tests/setup/onboarding";
import { pdfText } from "../../../tests/setup/pdf-text";
import { createTestApp, signIn, type TestApp } from "../../../tests/setup/test-app";
import { TEST_ENV } from "../../../tests/setup/test-env";
import { DEMO_CODE } from "../../shared/constants/auth";
import { ConfigError, loadConfig } from "../config";
import { createSelfSignedP12, signingIdentity } from "./signing-identity";

type PdfSignature = { field: string; signer: string; time: string; valid: boolean; wholeDocument: boolean; raw: string };

let dir: string;
let t: TestApp;
let admin: string;
const ADMIN = "admin@blueprint.local";

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "bp-pades-"));
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN, "Site Admin");
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What pdfsig (poppler) says of each signature in the file, in its order. */
function pdfsig(bytes: Uint8Array): PdfSignature[] {
  const file = path.join(dir, `sig-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  let output: string;
  try {
    output = execFileSync("pdfsig", [file], { encoding: "utf8", env: { ...process.env, TZ: "UTC" } });
  } catch (error) {
    // pdfsig exits non-zero when a signature does not verify; its report is still on stdout.
    output = String((error as { stdout?: string }).stdout ?? "");
  }
  return output
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      field: /Signature Field Name: (.*)/.exec(block)?.[1] ?? "",
      signer: /Signer Certificate Common Name: (.*)/.exec(block)?.[1] ?? "",
      time: /Signing Time: (.*)/.exec(block)?.[1] ?? "",
      valid: /Signature Validation: Signature is Valid\./.test(block),
      wholeDocument: /^\s*- Total document signed$/m.test(block),
      raw: block,
    }));
}

/** pdfsig's way of printing a time (in UTC here). */
function pdfsigTime(iso: string): string {
  const date = new Date(iso);
  const month = date.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${month} ${pad(date.getUTCDate())} ${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** The same file with one byte changed at `offset` (a digit stays a digit, so the file still parses). */
function withOneByteChanged(bytes: Buffer, offset: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[offset] = (copy[offset] as number) ^ 0x01;
  return copy;
}

/** The signed ranges of the signature whose /ByteRange is the n-th in the file. */
function byteRanges(bytes: Buffer): number[][] {
  return [...bytes.toString("latin1").matchAll(/\/ByteRange \[\s*(\d+) (\d+) (\d+) (\d+)\s*\]/g)].map((m) =>
    m.slice(1, 5).map(Number),
  );
}

const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

let counter = 0;
async function signedCustomer(fullName = "Łukasz Ωmega-Núñez") {
  const email = `pades${++counter}@example.com`;
  const cookie = await signIn(t.app, email, fullName);
  await submitProfile(t.app, cookie, { fullName, company: "Orbital Mechanics Inc" });
  const profileId = await signNdaFor(t.app, cookie, email);
  return { email, cookie, profileId };
}

const BOUNDARY = "----pades-test";
const verify = (pdf: Buffer) =>
  t.app.inject({
    method: "POST",
    url: "/api/verify-document",
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  });

describe("the signed NDA's digital signatures", () => {
  it("after the customer signs: one valid signature covering the whole file, at the signing time", async () => {
    const c = await signedCustomer();
    const res = await get("/api/nda/download/signed", c.cookie);
    expect(res.statusCode).toBe(200);
    const signatures = pdfsig(res.rawPayload);
    expect(signatures).toHaveLength(1);
    const [seal] = signatures;
    expect(seal).toMatchObject({ valid: true, wholeDocument: true, signer: "Blueprint client portal (self-signed)" });
    expect(seal?.raw).toContain("Signing Hash Algorithm: SHA-256");
    expect(seal?.raw).toContain("Signature Type: ETSI.CAdES.detached");

    const check = (await verify(res.rawPayload)).json();
    expect(check).toMatchObject({ valid: true, sha256: res.headers["x-document-sha256"] });
    expect(check.document.signatures).toEqual([
      {
        signer: "Blueprint client portal (self-signed)",
        signedAt: expect.any(String),
        reason: expect.stringContaining(`Signed by Łukasz Ωmega-Núñez (${c.email}) for Orbital Mechanics Inc`),
      },
    ]);
    expect(seal?.time).toBe(pdfsigTime(check.document.signatures[0].signedAt));
    expect(new Date(check.document.signatures[0].signedAt).getTime()).toBe(
      Math.floor(new Date(check.document.signedAt).getTime() / 1000) * 1000,
    );
  });

  it("after the company approves: the customer's copy plus a second signature, both valid, the last over the whole file", async () => {
    const c = await signedCustomer("Grace Hopper");
    const before = (await get("/api/nda/download/signed", c.cookie)).rawPayload;
    await approveNdaAs(t.app, admin, ADMIN, c.profileId);
    const res = await get("/api/nda/download/signed", c.cookie);
    const after = res.rawPayload;

    // An incremental update: the copy issued at signing is unchanged at the start of the approved file.
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);

    const signatures = pdfsig(after);
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.valid)).toBe(true);
    expect(signatures[0]?.wholeDocument).toBe(false);
    expect(signatures.at(-1)).toMatchObject({ field: "Company approval", wholeDocument: true });
    expect(byteRanges(after).at(-1)).toEqual([0, expect.any(Number), expect.any(Number), expect.any(Number)]);
    const [start, length, secondStart, secondLength] = byteRanges(after).at(-1) as number[];
    expect((start as number) + (length as number)).toBeLessThan(secondStart as number);
    expect((secondStart as number) + (secondLength as number)).toBe(after.length);

    // The approval shows on the page, drawn by the second signature over the Provider's box.
    // In content order (-raw), the signature's appearance comes after the page's own text.
    const text = execFileSync("pdftotext", ["-raw", "-", "-"], { input: after, encoding: "utf8" });
    expect(text).toContain(`Approved electronically\nBlueprint\n${ADMIN}\nApproved `);

    const check = (await verify(after)).json();
    expect(check).toMatchObject({ valid: true, document: { status: "approved", approvedBy: ADMIN } });
    expect(check.document.signatures.map((seal: { reason: string }) => seal.reason)).toEqual([
      expect.stringContaining("Signed by Grace Hopper"),
      expect.stringContaining(`Approved for Blueprint by ${ADMIN}`),
    ]);
    expect(signatures[1]?.time).toBe(pdfsigTime(check.document.signatures[1].signedAt));
    // The copy from before the approval is still recognised, and still verifies on its own.
    expect((await verify(before)).json()).toMatchObject({ valid: true, document: { status: "customer_verified" } });
  });

  it("one changed byte inside the signed range: pdfsig reports the signature invalid, and /verify does not recognise it", async () => {
    const c = await signedCustomer("Mary Jackson");
    const bytes = (await get("/api/nda/download/signed", c.cookie)).rawPayload;
    const [range] = byteRanges(bytes);
    // A byte in the middle of the first signed range, which holds the pages.
    const offset = Math.floor((range?.[1] as number) / 2);
    const changed = withOneByteChanged(bytes, offset);
    const [signature] = pdfsig(changed);
    expect(signature?.valid).toBe(false);
    expect(signature?.raw).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
    expect((await verify(changed)).json()).toMatchObject({ valid: false, document: null });
  });

  it("a byte changed in the approval's update breaks only the approval; one in the first part breaks both", async () => {
    const c = await signedCustomer("Katherine Johnson");
    const before = (await get("/api/nda/download/signed", c.cookie)).rawPayload;
    await approveNdaAs(t.app, admin, ADMIN, c.profileId);
    const after = (await get("/api/nda/download/signed", c.cookie)).rawPayload;
    // A digit of the approval's signing time, inside the update and inside the second signature's range.
    const inUpdate = after.indexOf(Buffer.from("/M (D:"), before.length) + 8;
    expect(inUpdate).toBeGreaterThan(before.length);
    expect(pdfsig(withOneByteChanged(after, inUpdate)).map((s) => s.valid)).toEqual([true, false]);
    const inFirst = Math.floor((byteRanges(after)[0]?.[1] as number) / 2);
    expect(pdfsig(withOneByteChanged(after, inFirst)).map((s) => s.valid)).toEqual([false, false]);
  });
});

describe("the company's seal goes only on the company's word (issue 26, item 4)", () => {
  it("a customer-authored brief, confirmed, carries no company seal and says it is the client's words", async () => {
    const ann = await customer(t.app, "pades-brief@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await newProject(t.app, ann);
    const requirements = `/api/projects/${project.id}/requirements`;
    await t.app.inject({ method: "POST", url: requirements, payload: GOOD_ANSWERS, headers: { cookie: ann.cookie, ...json } });
    await t.app.inject({
      method: "POST",
      url: `${requirements}/generate`,
      payload: {},
      headers: { cookie: ann.cookie, ...json },
    });
    const guarantee = "# Letter of guarantee from Blueprint Ltd\n\nBlueprint Ltd guarantees the bearer one million pounds.";
    const confirm = await t.app.inject({
      method: "POST",
      url: requirements,
      payload: { generatedBrief: guarantee, briefConfirmed: true },
      headers: { cookie: ann.cookie, ...json },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const res = await get(`/api/projects/${project.id}/brief.pdf`, ann.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain(`${project.projectCode}-brief.pdf`);
    expect(pdfsig(res.rawPayload)).toEqual([]);
    const text = pdfText(res.rawPayload).replace(/\s+/g, " ");
    // It says who wrote and who confirmed it, and that it is the agreed scope: it does not disown it (issue 48 §4).
    expect(text).toContain("Confirmed by the client on");
    expect(text).toContain("as the agreed scope · Northside Clinics");
    expect(text).not.toContain("Not a statement by Blueprint");
    // /verify knows the file (unchanged since it was exported) but as the customer's, with no seal of anyone.
    const check = (await verify(res.rawPayload)).json();
    expect(check).toMatchObject({ valid: true, document: { authoredBy: "customer", signatures: [] } });
  });

  it("the demo account's NDA is never sealed, and /verify does not vouch for it", async () => {
    const demo = await signIn(t.app, TEST_ENV.DEMO_EMAIL, "Demo Customer");
    await submitProfile(t.app, demo, { fullName: "Demo Customer", primaryContact: TEST_ENV.DEMO_EMAIL });
    await t.app.inject({
      method: "POST",
      url: "/api/nda/send-otp",
      payload: { customerEmail: TEST_ENV.DEMO_EMAIL, customerName: "Demo Customer", companyName: "Demo" },
      headers: { cookie: demo },
    });
    const signed = await t.app.inject({
      method: "POST",
      url: "/api/nda/verify-customer-otp",
      payload: { customerEmail: TEST_ENV.DEMO_EMAIL, customerOtp: DEMO_CODE, signature: SIGNATURE, signatureMethod: "drawn" },
      headers: { cookie: demo },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const res = await get("/api/nda/download/signed", demo);
    expect(res.statusCode).toBe(200);
    expect(pdfsig(res.rawPayload)).toEqual([]);
    expect((await verify(res.rawPayload)).json()).toMatchObject({ valid: false });
  });
});

/** A small CA and a document-signing certificate it issued, as the P12 a production install would be given. */
function caIssuedP12(password: string): Buffer {
  const keys = () => forge.pki.rsa.generateKeyPair({ bits: 2048 });
  const ca = keys();
  const leaf = keys();
  const certificate = (subject: string, issuer: string, publicKey: forge.pki.PublicKey, serial: string) => {
    const cert = forge.pki.createCertificate();
    cert.publicKey = publicKey;
    cert.serialNumber = serial;
    cert.validity.notBefore = new Date(Date.now() - 60_000);
    cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    cert.setSubject([{ name: "commonName", value: subject }]);
    cert.setIssuer([{ name: "commonName", value: issuer }]);
    return cert;
  };
  const caCert = certificate("Test Root CA", "Test Root CA", ca.publicKey, "01");
  caCert.setExtensions([{ name: "basicConstraints", cA: true }]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());
  const leafCert = certificate("Blueprint Ltd document signing", "Test Root CA", leaf.publicKey, "02");
  leafCert.sign(ca.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(leaf.privateKey, [leafCert, caCert], password, { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

describe("the signing certificate", () => {
  it("SIGNING_P12 (a path, or base64:) with its password signs the documents, its chain inside the signature", async () => {
    const file = path.join(dir, "company.p12");
    const p12 = caIssuedP12("s3cret pass");
    writeFileSync(file, p12);
    const fromFile = signingIdentity(loadConfig({ ...TEST_ENV, SIGNING_P12: file, SIGNING_P12_PASSWORD: "s3cret pass" }));
    expect(fromFile.signerName).toBe("Blueprint Ltd document signing");
    expect(fromFile.chain).toHaveLength(1);
    const inline = signingIdentity(
      loadConfig({ ...TEST_ENV, SIGNING_P12: `base64:${p12.toString("base64")}`, SIGNING_P12_PASSWORD: "s3cret pass" }),
    );
    expect(inline.fingerprint).toBe(fromFile.fingerprint);

    const other = await createTestApp({ SIGNING_P12: file, SIGNING_P12_PASSWORD: "s3cret pass" });
    try {
      const email = "pades-p12@example.com";
      const cookie = await signIn(other.app, email, "Dorothy Vaughan");
      await submitProfile(other.app, cookie, { fullName: "Dorothy Vaughan" });
      await signNdaFor(other.app, cookie, email);
      const res = await other.app.inject({ method: "GET", url: "/api/nda/download/signed", headers: { cookie } });
      const [signature] = pdfsig(res.rawPayload);
      expect(signature).toMatchObject({ valid: true, wholeDocument: true, signer: "Blueprint Ltd document signing" });
    } finally {
      await other.close();
    }
  });

  it("refuses to start with a wrong password or an unreadable file, naming the variable", () => {
    const file = path.join(dir, "wrong.p12");
    writeFileSync(file, caIssuedP12("right"));
    expect(() => loadConfig({ ...TEST_ENV, SIGNING_P12: file, SIGNING_P12_PASSWORD: "wrong" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...TEST_ENV, SIGNING_P12: file, SIGNING_P12_PASSWORD: "wrong" })).toThrow(/SIGNING_P12/);
    expect(() => loadConfig({ ...TEST_ENV, SIGNING_P12: path.join(dir, "missing.p12") })).toThrow(/SIGNING_P12: cannot read/);
    expect(() => loadConfig({ ...TEST_ENV, SIGNING_P12: "base64:bm90IGEgcDEy" })).toThrow(/SIGNING_P12/);
    expect(() => loadConfig({ ...TEST_ENV, SIGNING_P12_PASSWORD: "x" })).toThrow(/SIGNING_P12_PASSWORD/);
    expect(() => loadConfig({ ...TEST_ENV, TSA_URL: "http://tsa.example" })).toThrow(/TSA_URL: time stamps are not supported/);
  });

  it("without SIGNING_P12, one self-signed certificate per installation, kept in DATA_DIR with mode 0600", () => {
    const dataDir = path.join(dir, "install");
    const env = { ...TEST_ENV, DATA_DIR: dataDir, DATABASE_URL: "postgres://unused@127.0.0.1:1/none" };
    const first = signingIdentity(loadConfig(env));
    const second = signingIdentity(loadConfig(env));
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(statSync(path.join(dataDir, "signing-identity.p12")).mode & 0o777).toBe(0o600);
    expect(first.signerName).toBe("Blueprint client portal (self-signed)");
    // Another installation gets its own.
    const elsewhere = signingIdentity(loadConfig({ ...env, DATA_DIR: path.join(dir, "other-install") }));
    expect(elsewhere.fingerprint).not.toBe(first.fingerprint);
  });

  it("SIGNING_P12 without SIGNING_P12_PASSWORD opens a P12 made with the empty password", () => {
    const p12 = createSelfSignedP12("");
    const file = path.join(dir, "self.p12");
    writeFileSync(file, p12);
    expect(() => loadConfig({ ...TEST_ENV, SIGNING_P12: file })).not.toThrow();
  });
});
