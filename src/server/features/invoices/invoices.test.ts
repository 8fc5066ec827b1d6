// Invoices and receipts a business can file (issue 48 §3): each requested phase's numbered invoice and each paid one's
// receipt, sealed (pdfsig) and complete (pdftotext: seller and buyer with addresses and GSTINs, number, lines, tax
// lines by where the buyer is, totals, paid to date, balance); the project's list and its access rules; the invoice
// and receipt emails with their real attachments through an SMTP server, without an unsubscribe link; the console's
// list; an amount change voids and re-issues; the delivery requests the balance; a project with invoices is kept.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_LEGAL, json, newProject, setCompanyLegal, signedInUser } from "../../../../tests/factories";
import { fileUpload } from "../../../../tests/setup/multipart";
import { pdfText } from "../../../../tests/setup/pdf-text";
import { openForFile } from "../../../../tests/setup/per-file";
import { type CapturedMail, startSmtpServer } from "../../../../tests/setup/smtp";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import type { CompanyInvoice, InvoiceSummary } from "../../../shared/schemas/invoices";
import { invoices, profiles, projectMembers, projects } from "../../db/schema";

const smtp = openForFile(() => startSmtpServer());
const t = openForFile(() => createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Blueprint <no-reply@blueprint.test>" }));
let admin: string;
const dir = mkdtempSync(path.join(tmpdir(), "bp-invoices-"));
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
  await setCompanyLegal(t.app.ctx.db);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const patch = (projectId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PATCH", url: `/api/company/projects/${projectId}`, payload, headers: { cookie: admin, ...json } });

let counter = 0;
/** pdfsig's report; it exits non-zero when a signature does not verify. */
function pdfsig(bytes: Buffer | Uint8Array): string {
  const file = path.join(dir, `doc-${++counter}.pdf`);
  writeFileSync(file, bytes);
  try {
    return execFileSync("pdfsig", [file], { encoding: "utf8", env: { ...process.env, TZ: "UTC" } });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? "");
  }
}
const flat = (bytes: Buffer | Uint8Array) => pdfText(bytes).replace(/\s+/g, " ");

type Buyer = {
  billingName: string;
  billingAddress: string;
  billingCountry: string;
  billingRegion: string | null;
  billingTaxId: string | null;
};
const KARNATAKA: Buyer = {
  billingName: "Mysore Millworks LLP",
  billingAddress: "4 Sayyaji Rao Road\nMysuru 570001",
  billingCountry: "IN",
  billingRegion: "Karnataka",
  billingTaxId: "29AAAPL1234C1ZV",
};
const DELHI: Buyer = {
  billingName: "Chandni Traders Pvt Ltd",
  billingAddress: "22 Chandni Chowk\nNew Delhi 110006",
  billingCountry: "IN",
  billingRegion: "Delhi",
  billingTaxId: "07AABCC1234D1ZP",
};
const US: Buyer = {
  billingName: "Harbor Analytics Inc.",
  billingAddress: "200 Pine Street\nSan Francisco, CA 94104",
  billingCountry: "US",
  billingRegion: null,
  billingTaxId: null,
};

/** A customer billed as `buyer`, with a project whose advance the company set to `amount` in `currency`. */
async function invoicedProject(buyer: Buyer, options: { amount?: string; currency?: "USD" | "INR" } = {}) {
  const owner = await signedInUser(t.app, { email: `inv-${++counter}@example.com`, name: "Priya Payer" });
  const project = await newProject(t.app, owner);
  await t.app.ctx.db.update(profiles).set(buyer).where(eq(profiles.userId, owner.userId));
  const res = await patch(project.id, {
    advancePaymentAmount: options.amount ?? "11800.00",
    advancePaymentCurrency: options.currency ?? "INR",
  });
  expect(res.statusCode).toBe(200);
  return { owner, project };
}

async function listOf(projectId: string, cookie: string): Promise<InvoiceSummary[]> {
  const res = await get(`/api/projects/${projectId}/invoices`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function download(url: string, cookie: string) {
  const res = await get(url, cookie);
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toContain("application/pdf");
  expect(pdfsig(res.rawPayload)).toContain("Signature Validation: Signature is Valid.");
  return res;
}

const attachmentOf = (mail: CapturedMail) => {
  const [attachment] = mail.raw.attachments;
  if (!attachment) throw new Error(`no attachment on "${mail.subject}"`);
  return attachment;
};

describe("the invoice", () => {
  it("states seller, buyer, number, lines, CGST 9% + SGST 9% for a buyer in the seller's state, totals, paid to date and balance", async () => {
    const { owner, project } = await invoicedProject(KARNATAKA);
    const [invoice] = await listOf(project.id, owner.cookie);
    expect(invoice).toMatchObject({
      phase: "advance",
      status: "issued",
      currency: "INR",
      total: "11800.00",
      taxable: "10000.00",
      taxTotal: "1800.00",
      paidAt: null,
      links: { pdf: `/api/projects/${project.id}/invoices/${invoice?.id}/pdf`, receipt: null },
    });
    expect(invoice?.number).toMatch(new RegExp(`^BP-${year}-\\d{4}$`));
    const pdf = await download(String(invoice?.links.pdf), owner.cookie);
    expect(pdf.headers["content-disposition"]).toContain(`${invoice?.number}.pdf`);
    const text = flat(pdf.rawPayload);
    for (const fact of [
      "Tax invoice",
      `Invoice number: ${invoice?.number}`,
      COMPANY_LEGAL.legalName,
      "12 MG Road",
      "Bengaluru 560001",
      `GSTIN: ${COMPANY_LEGAL.taxId}`,
      KARNATAKA.billingName,
      "4 Sayyaji Rao Road",
      "Mysuru 570001",
      "Karnataka, India",
      `GSTIN: ${KARNATAKA.billingTaxId}`,
      project.projectCode,
      "Advance payment (",
      "Qty",
      "Taxable value 10,000.00 INR",
      "CGST 9% 900.00 INR",
      "SGST 9% 900.00 INR",
      "Total (INR, tax included) 11,800.00 INR",
      "Paid to date: 0.00 INR",
      "Amount due on this invoice: 11,800.00 INR",
      "Balance after this invoice:",
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain("IGST");

    const verified = await t.app.inject({
      method: "POST",
      url: "/api/verify-document",
      ...fileUpload("invoice.pdf", pdf.rawPayload),
    });
    expect(verified.json()).toMatchObject({ valid: true, document: { kind: "invoice" } });
  });

  it("charges IGST 18% to a buyer in another Indian state, and nothing (zero-rated export) to a buyer abroad", async () => {
    const delhi = await invoicedProject(DELHI);
    const [igst] = await listOf(delhi.project.id, delhi.owner.cookie);
    const delhiText = flat((await download(String(igst?.links.pdf), delhi.owner.cookie)).rawPayload);
    for (const fact of [DELHI.billingName, "22 Chandni Chowk", `GSTIN: ${DELHI.billingTaxId}`, "IGST 18% 1,800.00 INR"]) {
      expect(delhiText).toContain(fact);
    }
    expect(delhiText).not.toContain("CGST");

    const us = await invoicedProject(US, { amount: "1000.00", currency: "USD" });
    const [exported] = await listOf(us.project.id, us.owner.cookie);
    expect(exported).toMatchObject({ total: "1000.00", taxable: "1000.00", taxTotal: "0.00", currency: "USD" });
    const usText = flat((await download(String(exported?.links.pdf), us.owner.cookie)).rawPayload);
    for (const fact of [
      "Invoice",
      US.billingName,
      "200 Pine Street",
      "United States",
      "Export of services: zero-rated, no GST charged.",
      "Total (USD, tax included) 1,000.00 USD",
    ]) {
      expect(usText).toContain(fact);
    }
    expect(usText).not.toMatch(/[CSI]GST \d/);
    expect(usText).not.toContain("Tax invoice");
  });

  it("is seen by the owner, an admin-level member and the company; a lower member is refused (403), a stranger told 404", async () => {
    const { owner, project } = await invoicedProject(KARNATAKA);
    const adminMember = `inv-admin-${++counter}@example.com`;
    const viewerMember = `inv-viewer-${++counter}@example.com`;
    await t.app.ctx.db.insert(projectMembers).values([
      { projectId: project.id, email: adminMember, accessLevel: "admin" },
      { projectId: project.id, email: viewerMember, accessLevel: "view_only" },
    ]);
    const teamAdmin = await signedInUser(t.app, { email: adminMember, name: "Team Admin" });
    const viewer = await signedInUser(t.app, { email: viewerMember, name: "Team Viewer" });
    const stranger = await signedInUser(t.app, { email: `inv-stranger-${++counter}@example.com`, name: "Stranger" });
    const [invoice] = await listOf(project.id, owner.cookie);
    expect(await listOf(project.id, teamAdmin.cookie)).toHaveLength(1);
    expect(await listOf(project.id, admin)).toHaveLength(1);
    const pdf = String(invoice?.links.pdf);
    await download(pdf, admin);
    const refused = await get(`/api/projects/${project.id}/invoices`, viewer.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("owner, a team admin or the Blueprint team");
    expect((await get(pdf, viewer.cookie)).statusCode).toBe(403);
    expect((await get(`/api/projects/${project.id}/invoices`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(pdf, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/projects/${project.id}/invoices`)).statusCode).toBe(401);
    // Another project's invoice, or no invoice at all, under this project: 404.
    const other = await invoicedProject(KARNATAKA);
    const [foreign] = await listOf(other.project.id, other.owner.cookie);
    expect((await get(`/api/projects/${project.id}/invoices/${foreign?.id}/pdf`, owner.cookie)).statusCode).toBe(404);
    expect((await get(`/api/projects/${project.id}/invoices/not-an-id/pdf`, owner.cookie)).statusCode).toBe(404);
  });

  it("is voided and re-issued under the next number when the amount changes before payment; the void one stays downloadable, stamped VOID", async () => {
    const { owner, project } = await invoicedProject(KARNATAKA);
    const [first] = await listOf(project.id, owner.cookie);
    expect((await patch(project.id, { advancePaymentAmount: "23600.00" })).statusCode).toBe(200);
    const after = await listOf(project.id, owner.cookie);
    expect(after.map((invoice) => [invoice.status, invoice.total])).toEqual([
      ["issued", "23600.00"],
      ["void", "11800.00"],
    ]);
    const [second, voided] = after;
    expect(voided?.id).toBe(first?.id);
    expect(Number(second?.number.slice(-4))).toBeGreaterThan(Number(first?.number.slice(-4)));
    const voidPdf = await download(String(voided?.links.pdf), owner.cookie);
    expect(voidPdf.headers["content-disposition"]).toContain(`${voided?.number}-void.pdf`);
    const text = flat(voidPdf.rawPayload);
    expect(text).toContain("VOID");
    expect(text).toContain("11,800.00 INR");
    expect(flat((await download(String(second?.links.pdf), owner.cookie)).rawPayload)).toContain("23,600.00 INR");
  });
});

describe("the receipt and the emails", () => {
  it("emails the invoice, then the receipt once paid by transfer, each a valid sealed PDF, with no unsubscribe link", async () => {
    const { owner, project } = await invoicedProject(KARNATAKA);
    const adminMember = `inv-mail-admin-${++counter}@example.com`;
    await t.app.ctx.db.insert(projectMembers).values({ projectId: project.id, email: adminMember, accessLevel: "admin" });
    await signedInUser(t.app, { email: adminMember, name: "Mail Admin" });
    // Issued again for the new member to get it too: a changed amount re-issues.
    expect((await patch(project.id, { advancePaymentAmount: "5900.00" })).statusCode).toBe(200);
    const [invoice] = await listOf(project.id, owner.cookie);
    await t.app.emailWorker.drain();
    for (const to of [owner.email, adminMember]) {
      const mail = await smtp.waitFor((m) => m.to === to && m.subject.includes(String(invoice?.number)));
      expect(mail.subject).toBe(`${project.projectCode}: invoice ${invoice?.number} for the advance payment`);
      const attachment = attachmentOf(mail);
      expect(attachment.contentType).toBe("application/pdf");
      expect(attachment.filename).toBe(`${invoice?.number}.pdf`);
      expect(attachment.content.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdfsig(attachment.content)).toContain("Signature Validation: Signature is Valid.");
      expect(flat(attachment.content)).toContain(`Invoice number: ${invoice?.number}`);
      expect(mail.raw.headerLines.some((line) => line.key === "list-unsubscribe")).toBe(false);
      expect(mail.text.toLowerCase()).not.toContain("unsubscribe");
      expect(mail.html).not.toContain("/unsubscribe");
    }

    expect((await patch(project.id, { advancePaymentReceivedDate: "2026-11-02T10:30:00.000Z" })).statusCode).toBe(200);
    const [paid] = await listOf(project.id, owner.cookie);
    expect(paid).toMatchObject({
      id: invoice?.id,
      status: "paid",
      paidAt: "2026-11-02T10:30:00.000Z",
      links: { receipt: `/api/projects/${project.id}/payments/advance/receipt` },
    });
    const receipt = await download(String(paid?.links.receipt), owner.cookie);
    expect(receipt.headers["content-disposition"]).toContain(`${project.projectCode}-advance-receipt.pdf`);
    const text = flat(receipt.rawPayload);
    for (const fact of [
      "Payment receipt",
      `Receipt for invoice ${invoice?.number}`,
      `${invoice?.number}-R`,
      COMPANY_LEGAL.legalName,
      `GSTIN: ${COMPANY_LEGAL.taxId}`,
      KARNATAKA.billingName,
      `GSTIN: ${KARNATAKA.billingTaxId}`,
      "CGST 9% 450.00 INR",
      "SGST 9% 450.00 INR",
      "Paid: 5,900.00 INR",
      "Paid at (UTC): 2026-11-02 10:30:00 UTC",
      "Paid by: Bank transfer",
      "Payment id:",
      "Paid to date: 5,900.00 INR",
      "Balance after this payment:",
    ]) {
      expect(text).toContain(fact);
    }
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/verify-document",
      ...fileUpload("r.pdf", receipt.rawPayload),
    });
    expect(verified.json()).toMatchObject({ valid: true, document: { kind: "payment_receipt" } });

    await t.app.emailWorker.drain();
    for (const to of [owner.email, adminMember]) {
      const mail = await smtp.waitFor((m) => m.to === to && m.subject === `${project.projectCode}: Advance payment received`);
      expect(mail.text).toContain(`Receipt ${invoice?.number}-R is attached`);
      const attachment = attachmentOf(mail);
      expect(attachment.filename).toBe(`${project.projectCode}-advance-receipt.pdf`);
      expect(pdfsig(attachment.content)).toContain("Signature Validation: Signature is Valid.");
      expect(flat(attachment.content)).toContain(`Receipt for invoice ${invoice?.number}`);
      expect(mail.raw.headerLines.some((line) => line.key === "list-unsubscribe")).toBe(false);
      expect(mail.text.toLowerCase()).not.toContain("unsubscribe");
    }
  });

  it("requests no balance when a version is published before the advance is paid", async () => {
    const { project } = await invoicedProject(US, { amount: "1000.00", currency: "USD" });
    await t.app.ctx.db.update(projects).set({ status: "development" }).where(eq(projects.id, project.id));
    const published = await t.app.inject({
      method: "POST",
      url: `/api/company/projects/${project.id}/versions`,
      payload: { url: "https://proto.example.com/app", releaseNotes: "Version one." },
      headers: { cookie: admin, ...json },
    });
    expect(published.statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.balancePaymentAmount).toBeNull();
  });

  it("requests the balance when the first version is published: price less the advance, invoiced and emailed", async () => {
    const { owner, project } = await invoicedProject(US, { amount: "1000.00", currency: "USD" });
    await t.app.ctx.db
      .update(projects)
      .set({ status: "development", advancePaymentReceivedDate: new Date(), advancePaidVia: "transfer" })
      .where(eq(projects.id, project.id));
    const published = await t.app.inject({
      method: "POST",
      url: `/api/company/projects/${project.id}/versions`,
      payload: { url: "https://proto.example.com/app", releaseNotes: "Version one." },
      headers: { cookie: admin, ...json },
    });
    expect(published.statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    // The basic plan in USD, half of it (the company's advance percent).
    const price = Number(row?.customPrice ?? 0) || null;
    expect(price).toBeNull();
    expect(row?.balancePaymentAmount).not.toBeNull();
    const balance = (await listOf(project.id, owner.cookie)).find((invoice) => invoice.phase === "balance");
    expect(balance).toMatchObject({ status: "issued", currency: "USD", total: row?.balancePaymentAmount });
    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.to === owner.email && m.subject.includes(String(balance?.number)));
    expect(pdfsig(attachmentOf(mail).content)).toContain("Signature Validation: Signature is Valid.");
  });
});

describe("the console's list", () => {
  it("pages every invoice newest first, filtered by status and year; company only", async () => {
    const res = await get("/api/company/invoices?pageSize=2", admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    const all = await t.app.ctx.db.select().from(invoices);
    expect(page.total).toBe(all.length);
    const second = (await get("/api/company/invoices?pageSize=2&page=2", admin)).json();
    const issued = [...page.items, ...second.items].map((item: CompanyInvoice) => item.issuedAt);
    expect(issued).toEqual([...issued].sort().reverse());
    const first = page.items[0] as CompanyInvoice;
    expect(first.project.code).toBe(
      (await t.app.ctx.db.select().from(projects).where(eq(projects.id, first.project.id)))[0]?.projectCode,
    );
    expect(first.customer).not.toBe("");
    expect(first.links.pdf).toContain(`/api/projects/${first.project.id}/invoices/${first.id}/pdf`);

    const voids = (await get("/api/company/invoices?status=void", admin)).json();
    expect(voids.total).toBe(all.filter((row) => row.status === "void").length);
    expect(voids.items.every((item: CompanyInvoice) => item.status === "void")).toBe(true);
    const paid = (await get(`/api/company/invoices?status=paid&year=${year}`, admin)).json();
    expect(paid.total).toBe(all.filter((row) => row.status === "paid").length);
    expect((await get(`/api/company/invoices?year=${year - 1}`, admin)).json().total).toBe(0);

    expect((await get("/api/company/invoices?status=lost", admin)).statusCode).toBe(400);
    expect((await get("/api/company/invoices?year=1850", admin)).statusCode).toBe(400);
    expect((await get("/api/company/invoices?cursor=abc", admin)).statusCode).toBe(400);
    const customer = await signedInUser(t.app, { email: `inv-console-${++counter}@example.com`, name: "Not Company" });
    expect((await get("/api/company/invoices", customer.cookie)).statusCode).toBe(403);
  });
});

describe("deleting", () => {
  it("keeps a project with invoices: its owner's delete is refused (409), even once the amounts are cleared", async () => {
    const { owner, project } = await invoicedProject(KARNATAKA);
    expect((await patch(project.id, { advancePaymentAmount: null })).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.advancePaymentAmount).toBeNull();
    expect((await listOf(project.id, owner.cookie)).map((invoice) => invoice.status)).toEqual(["void"]);
    const res = await t.app.inject({ method: "DELETE", url: `/api/projects/${project.id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "PROJECT_NOT_EMPTY" });
    expect(res.json().message).toContain("payments");
    expect(await t.app.ctx.db.select().from(invoices).where(eq(invoices.projectId, project.id))).toHaveLength(1);
  });
});
