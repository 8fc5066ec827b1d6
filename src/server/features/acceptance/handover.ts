// GET /api/projects/{id}/handover: everything the client's developers need, as one ZIP streamed to the browser, once
// the project is completed: the BRD, the brief PDF, the signed NDA, the acceptance certificate, every version's release
// notes, the feedback history (CSV and screenshots), payment receipts when they exist, and index.md listing each file
// with its SHA-256 and what it is. Every name is ASCII letters, digits, dots and dashes: safe on every OS.
import type { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { asc, eq } from "drizzle-orm";
import { fileIdFromUrl } from "../../../shared/constants/files";
import { PAYMENT_PHASE_LABELS, PAYMENT_PHASES } from "../../../shared/domain/payments";
import { sha256Hex } from "../../auth/secrets";
import type { AppContext } from "../../context";
import { feedback, profiles, projectVersions } from "../../db/schema";
import { conflict } from "../../errors";
import { csvCell } from "../admin/projects-csv";
import { issueSignedNda } from "../onboarding/nda-documents";
import { paymentReceipt } from "../payments/receipt";
import type { ProjectAccess } from "../projects/access";
import { downloadBrief } from "../projects/requirements/download-brief";
import { acceptanceCertificate } from "./certificate";

export const HANDOVER_NOT_READY = "The hand-over package is ready once the project is completed.";

export type HandoverFile = { name: string; bytes: Buffer; what: string };

/** A name safe on Windows, macOS and Linux: no separators, no reserved characters, no leading dots, short. */
export function safeName(text: string, fallback = "file"): string {
  const cleaned = text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "")
    .replace(/-{2,}/g, "-")
    .slice(0, 80);
  const base = cleaned || fallback;
  // Windows' reserved device names.
  return /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(base) ? `file-${base}` : base;
}

/** The signed receipt of each paid phase (a phase not paid has none: not in the package). */
export async function handoverReceipts(ctx: AppContext, access: ProjectAccess): Promise<HandoverFile[]> {
  const files: HandoverFile[] = [];
  for (const phase of PAYMENT_PHASES) {
    const receipt = await optional(() => paymentReceipt(ctx, access, phase));
    if (receipt) {
      files.push({
        name: receipt.filename,
        bytes: Buffer.from(receipt.bytes),
        what: `Signed receipt of the ${PAYMENT_PHASE_LABELS[phase].toLowerCase()} (PAdES; check with pdfsig)`,
      });
    }
  }
  return files;
}

async function optional<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    // A document that does not exist (404) is simply not in the package; anything else is a real failure.
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}

export async function collectHandoverFiles(ctx: AppContext, access: ProjectAccess): Promise<HandoverFile[]> {
  const { project } = access;
  if (project.status !== "completed") throw conflict(HANDOVER_NOT_READY);
  const code = safeName(project.projectCode, "project");
  const files: HandoverFile[] = [];

  const brdId = project.brdDocumentUrl ? fileIdFromUrl(project.brdDocumentUrl) : null;
  const brd = brdId ? await ctx.files.get(brdId) : null;
  if (brd) {
    const extension = /\.([A-Za-z0-9]{1,5})$/.exec(project.brdDocumentName ?? "")?.[1] ?? "pdf";
    files.push({
      name: `01-${code}-BRD.${extension.toLowerCase()}`,
      bytes: brd.bytes,
      what: "The business requirements document (BRD).",
    });
  }
  const brief = await optional(() => downloadBrief(ctx, access));
  if (brief)
    files.push({
      name: `02-${code}-brief.pdf`,
      bytes: Buffer.from(brief.bytes),
      what: "The project brief, the client's own words.",
    });
  const [owner] = await ctx.db.select().from(profiles).where(eq(profiles.userId, project.userId)).limit(1);
  const nda = owner ? await optional(() => issueSignedNda(ctx, owner, access.user.id)) : null;
  if (nda)
    files.push({
      name: `03-${code}-NDA-signed.pdf`,
      bytes: Buffer.from(nda.bytes),
      what: "The signed non-disclosure agreement.",
    });
  const certificate = project.acceptedAt ? await acceptanceCertificate(ctx, access) : null;
  if (certificate) {
    files.push({
      name: `04-${code}-acceptance-certificate.pdf`,
      bytes: Buffer.from(certificate.bytes),
      what: "The acceptance certificate, sealed by Blueprint.",
    });
  }

  const versions = await ctx.db
    .select()
    .from(projectVersions)
    .where(eq(projectVersions.projectId, project.id))
    .orderBy(asc(projectVersions.number));
  for (const version of versions) {
    files.push({
      name: `versions/version-${version.number}-release-notes.md`,
      bytes: Buffer.from(
        `# Version ${version.number}\n\nPublished ${version.publishedAt.toISOString()} at ${version.url}\n\n${version.releaseNotes}\n`,
      ),
      what: `Release notes of prototype version ${version.number}.`,
    });
  }

  const items = await ctx.db.select().from(feedback).where(eq(feedback.projectId, project.id)).orderBy(asc(feedback.createdAt));
  const header = [
    "created_at",
    "type",
    "status",
    "round",
    "version",
    "issue_faced",
    "change_requested",
    "company_reply",
    "screenshot",
  ];
  const rows = [header.join(",")];
  for (const [index, item] of items.entries()) {
    let screenshot = "";
    if (item.screenshotFileId) {
      const stored = await ctx.files.get(item.screenshotFileId);
      if (stored) {
        const extension = stored.contentType === "image/jpeg" ? "jpg" : stored.contentType === "image/webp" ? "webp" : "png";
        screenshot = `feedback/screenshots/feedback-${index + 1}.${extension}`;
        files.push({ name: screenshot, bytes: stored.bytes, what: `Screenshot of feedback item ${index + 1}.` });
      }
    }
    rows.push(
      [
        item.createdAt.toISOString(),
        item.feedbackType,
        item.status,
        item.round,
        item.versionNumber ?? "",
        item.issueFaced,
        item.changeDescription,
        item.adminComment ?? "",
        screenshot,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  files.push({
    name: "feedback/feedback.csv",
    bytes: Buffer.from(`${rows.join("\r\n")}\r\n`),
    what: "The feedback history, one row per item.",
  });
  for (const receipt of await handoverReceipts(ctx, access))
    files.push({ ...receipt, name: `receipts/${safeName(receipt.name)}` });
  return files;
}

export function handoverIndex(projectCode: string, files: HandoverFile[]): string {
  const lines = [
    `# Hand-over package ${projectCode}`,
    "",
    "Each file with its SHA-256 (check with `sha256sum`) and what it is.",
    "",
    "| file | SHA-256 | what it is |",
    "|---|---|---|",
    ...files.map((file) => `| ${file.name} | ${sha256Hex(file.bytes)} | ${file.what} |`),
    "",
  ];
  return lines.join("\n");
}

/** The ZIP as a stream (PDFs and images stored as they are: they do not compress). */
export function handoverZip(projectCode: string, files: HandoverFile[]): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const root = `${safeName(projectCode, "project")}-handover`;
  const date = new Date();
  archive.append(handoverIndex(projectCode, files), { name: `${root}/index.md`, date });
  for (const file of files) {
    archive.append(file.bytes, { name: `${root}/${file.name}`, date, store: /\.(pdf|png|jpg|webp)$/.test(file.name) });
  }
  void archive.finalize();
  return archive;
}
