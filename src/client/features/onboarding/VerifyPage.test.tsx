import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DocumentCheck } from "../../../shared/schemas/nda";
import { VerifyResult } from "./VerifyPage";

const SHA = "a".repeat(64);
const document = {
  kind: "nda_signed",
  issuedAt: "2026-11-24T10:00:00.000Z",
  title: "Mutual Non-Disclosure Agreement",
  authoredBy: "blueprint",
  projectCode: null,
  customerName: "Ada Lovelace",
  companyName: "Analytical Engines Ltd",
  signerEmail: "ada@example.com",
  signedAt: "2026-11-24T09:00:00.123Z",
  approvedAt: "2026-11-24T10:00:00.000Z",
  approvedBy: "admin@blueprint.local",
  agreementSha256: "b".repeat(64),
  status: "approved",
  signatures: [
    { signer: "Blueprint Ltd", signedAt: "2026-11-24T09:00:00.000Z", reason: "Signed by Ada Lovelace (ada@example.com)" },
    { signer: "Blueprint Ltd", signedAt: "2026-11-24T10:00:00.000Z", reason: "Approved for Blueprint by admin@blueprint.local" },
  ],
} satisfies NonNullable<DocumentCheck["document"]>;

/** The text a reader sees, tags removed. */
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("the /verify result", () => {
  it("shows each digital signature's signer, time and reason beside the hash, first to last", () => {
    const shown = text(renderToStaticMarkup(<VerifyResult name="nda.pdf" result={{ valid: true, sha256: SHA, document }} />));
    expect(shown).toContain(`SHA-256 ${SHA}`);
    expect(shown).toContain("Digital signatures in the file");
    const first = shown.indexOf("Signed by Blueprint Ltd at 2026-11-24 09:00:00 UTC");
    const second = shown.indexOf("Signed by Blueprint Ltd at 2026-11-24 10:00:00 UTC");
    expect(first).toBeGreaterThan(shown.indexOf(`SHA-256 ${SHA}`));
    expect(second).toBeGreaterThan(first);
    expect(shown).toContain("Approved for Blueprint by admin@blueprint.local");
  });

  it("a brief shows its seal too; a file issued before documents were signed shows only its hash", () => {
    const brief = {
      ...document,
      kind: "project_brief",
      authoredBy: "customer" as const,
      signatures: document.signatures.slice(0, 1),
    };
    expect(
      text(renderToStaticMarkup(<VerifyResult name="b.pdf" result={{ valid: true, sha256: SHA, document: brief }} />)),
    ).toContain("Signed by Blueprint Ltd at 2026-11-24 09:00:00 UTC");
    const older = { ...document, signatures: [] };
    const shown = text(
      renderToStaticMarkup(<VerifyResult name="old.pdf" result={{ valid: true, sha256: SHA, document: older }} />),
    );
    expect(shown).toContain(`SHA-256 ${SHA}`);
    expect(shown).not.toContain("Digital signatures");
  });
});
