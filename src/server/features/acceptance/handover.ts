// GET /api/projects/{id}/handover: everything the client's developers need, as one ZIP streamed to the browser, once
// the project is completed: the BRD, the brief PDF, the signed NDA (the owner's and the company's package only: it is
// the owner's agreement), the acceptance certificate, every version's release notes, the feedback history (CSV and
// screenshots), payment receipts when they exist, and index.md listing each file with its SHA-256 and what it is.
// Every name is ASCII letters, digits, dots and dashes: safe on every OS.
//
// The package is planned before a byte is sent: the portal's own documents are made (they are small, and their hash
// is needed), the stored files are only looked up (size and content id: the file store names each file by the SHA-256
// of its bytes). index.md comes first from that plan; then each stored file is streamed from the store (a part at a
// time) once the previous entry has been written out, so a download holds a few parts of one file in memory, however
// many files the package lists and however slowly the client reads.
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { asc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { fileIdFromUrl } from "../../../shared/constants/files";
import { HANDOVER_MAX_BYTES, HANDOVER_MESSAGES } from "../../../shared/domain/handover";
import { PAYMENT_PHASE_LABELS, PAYMENT_PHASES } from "../../../shared/domain/payments";
import type { HandoverSummary } from "../../../shared/schemas/handover";
import { sha256Hex } from "../../auth/secrets";
import type { AppContext } from "../../context";
import { feedback, profiles, projectVersions } from "../../db/schema";
import { conflict } from "../../errors";
import { csvCell } from "../admin";
import { issueSignedNda } from "../onboarding";
import { paymentReceipt } from "../payments";
import { downloadBrief, type ProjectAccess } from "../projects";
import { acceptanceCertificate } from "./certificate";

/** One file of the package: what index.md says of it, and its bytes when the ZIP gets to it. */
export type HandoverEntry = { name: string; what: string; size: number; sha256: string; open(): Promise<Readable> };

export type HandoverPlan = {
  projectCode: string;
  entries: HandoverEntry[];
  /** The owner signed an NDA that this caller's package leaves out (a member's): index.md says where it is. */
  ndaWithOwner: boolean;
  bytes: number;
};

/** Who may have the owner's signed NDA in their package: the owner and the company, never a member. */
const NDA_READERS: readonly ProjectAccess["accessLevel"][] = ["owner", "company"];

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

export function handoverFilename(projectCode: string): string {
  return `${safeName(projectCode, "project")}-handover.zip`;
}

/** A file the portal makes (a PDF, the CSV, release notes): hashed here, kept until it is written. */
function made(name: string, bytes: Uint8Array, what: string): HandoverEntry {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { name, what, size: buffer.length, sha256: sha256Hex(buffer), open: async () => inChunks(buffer) };
}

/** A file from the file store, by its content id: looked up now, read only when the ZIP gets to it. */
async function stored(
  ctx: AppContext,
  id: string,
  describe: (contentType: string) => { name: string; what: string },
): Promise<HandoverEntry | null> {
  const head = await ctx.files.head(id);
  if (!head) return null;
  return {
    ...describe(head.contentType),
    size: head.size,
    // The content id is the SHA-256 of the bytes (files/content-id.ts).
    sha256: head.id,
    async open() {
      const file = await ctx.files.stream(id);
      if (!file) throw new Error(`hand-over: stored file ${id} disappeared while the package was written`);
      return file;
    },
  };
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

/** The signed receipt of each paid phase (a phase not paid has none: not in the package). */
async function receipts(ctx: AppContext, access: ProjectAccess): Promise<HandoverEntry[]> {
  const entries: HandoverEntry[] = [];
  for (const phase of PAYMENT_PHASES) {
    const receipt = await optional(() => paymentReceipt(ctx, { access, phase }));
    if (receipt) {
      entries.push(
        made(
          `receipts/${safeName(receipt.filename)}`,
          receipt.bytes,
          `Signed receipt of the ${PAYMENT_PHASE_LABELS[phase].toLowerCase()} (PAdES; check with pdfsig)`,
        ),
      );
    }
  }
  return entries;
}

const SCREENSHOT_EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" };

/** The feedback history: one CSV row per item, and each item's screenshot by its own name. */
async function feedbackEntries(ctx: AppContext, projectId: string): Promise<HandoverEntry[]> {
  const items = await ctx.db.select().from(feedback).where(eq(feedback.projectId, projectId)).orderBy(asc(feedback.createdAt));
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
  const screenshots: HandoverEntry[] = [];
  for (const [index, item] of items.entries()) {
    const screenshot = item.screenshotFileId
      ? await stored(ctx, item.screenshotFileId, (contentType) => ({
          name: `feedback/screenshots/feedback-${index + 1}.${SCREENSHOT_EXTENSIONS[contentType] ?? "png"}`,
          what: `Screenshot of feedback item ${index + 1}.`,
        }))
      : null;
    if (screenshot) screenshots.push(screenshot);
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
        screenshot?.name ?? "",
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return [
    ...screenshots,
    made("feedback/feedback.csv", Buffer.from(`${rows.join("\r\n")}\r\n`), "The feedback history, one row per item."),
  ];
}

/**
 * What the caller's package holds, or 409: before completion, or when its files add up to more than one download
 * may hold (the sizes come from the file store's records: nothing is read to find out).
 */
export async function planHandover(ctx: AppContext, access: ProjectAccess): Promise<HandoverPlan> {
  const { project } = access;
  if (project.status !== "completed") throw conflict(HANDOVER_MESSAGES.notReady);
  const code = safeName(project.projectCode, "project");
  const entries: (HandoverEntry | null)[] = [];

  const brdId = project.brdDocumentUrl ? fileIdFromUrl(project.brdDocumentUrl) : null;
  if (brdId) {
    const extension = /\.([A-Za-z0-9]{1,5})$/.exec(project.brdDocumentName ?? "")?.[1] ?? "pdf";
    entries.push(
      await stored(ctx, brdId, () => ({
        name: `01-${code}-BRD.${extension.toLowerCase()}`,
        what: "The business requirements document (BRD).",
      })),
    );
  }
  const brief = await optional(() => downloadBrief(ctx, access));
  if (brief) entries.push(made(`02-${code}-brief.pdf`, brief.bytes, "The project brief, as the client confirmed it."));

  const [owner] = await ctx.db.select().from(profiles).where(eq(profiles.userId, project.userId)).limit(1);
  const ndaReader = NDA_READERS.includes(access.accessLevel);
  const nda =
    owner && ndaReader ? await optional(() => issueSignedNda(ctx, { profile: owner, requesterId: access.user.id })) : null;
  if (nda) entries.push(made(`03-${code}-NDA-signed.pdf`, nda.bytes, "The signed non-disclosure agreement."));

  const certificate = project.acceptedAt ? await acceptanceCertificate(ctx, access) : null;
  if (certificate) {
    entries.push(
      made(`04-${code}-acceptance-certificate.pdf`, certificate.bytes, "The acceptance certificate, sealed by Blueprint."),
    );
  }

  const versions = await ctx.db
    .select()
    .from(projectVersions)
    .where(eq(projectVersions.projectId, project.id))
    .orderBy(asc(projectVersions.number));
  for (const version of versions) {
    entries.push(
      made(
        `versions/version-${version.number}-release-notes.md`,
        Buffer.from(
          `# Version ${version.number}\n\nPublished ${version.publishedAt.toISOString()} at ${version.url}\n\n${version.releaseNotes}\n`,
        ),
        `Release notes of prototype version ${version.number}.`,
      ),
    );
  }
  entries.push(...(await feedbackEntries(ctx, project.id)), ...(await receipts(ctx, access)));

  const listed = entries.filter((entry): entry is HandoverEntry => entry !== null);
  const bytes = listed.reduce((sum, entry) => sum + entry.size, 0);
  if (bytes > HANDOVER_MAX_BYTES) throw conflict(HANDOVER_MESSAGES.tooLarge(bytes, HANDOVER_MAX_BYTES));
  return { projectCode: project.projectCode, entries: listed, ndaWithOwner: !ndaReader && Boolean(owner?.ndaSigned), bytes };
}

export function handoverSummary(plan: HandoverPlan): HandoverSummary {
  return { files: plan.entries.length, bytes: plan.bytes, maxBytes: HANDOVER_MAX_BYTES };
}

export function handoverIndex(plan: HandoverPlan): string {
  const lines = [
    `# Hand-over package ${plan.projectCode}`,
    "",
    "Each file with its SHA-256 (check with `sha256sum`) and what it is.",
    "",
    "| file | SHA-256 | what it is |",
    "|---|---|---|",
    ...plan.entries.map((entry) => `| ${entry.name} | ${entry.sha256} | ${entry.what} |`),
    "",
    ...(plan.ndaWithOwner ? [HANDOVER_MESSAGES.ndaWithOwner, ""] : []),
  ];
  return lines.join("\n");
}

/** Handed to the ZIP this much at a time, so what waits to be sent is a chunk, not a whole file. */
const CHUNK_BYTES = 64 * 1024;

function inChunks(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
    })(),
    { objectMode: false, highWaterMark: CHUNK_BYTES },
  );
}

/** Appends one entry and waits until archiver has written it out (or the archive was closed: a client that left). */
function appendEntry(archive: ZipArchive, name: string, source: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      archive.off("entry", written);
      archive.off("error", failed);
      archive.off("close", closed);
      if (error) reject(error);
      else resolve();
    };
    const written = () => settle();
    const failed = (error: Error) => settle(error);
    const closed = () => settle(new Error("hand-over: the archive closed before the entry was written"));
    archive.once("entry", written);
    archive.once("error", failed);
    archive.once("close", closed);
    // PDFs and images are stored as they are: they do not compress.
    const store = /\.(pdf|png|jpg|webp|gif)$/.test(name);
    archive.append(source, {
      name,
      date: new Date(),
      store,
    });
  });
}

/** The ZIP as a stream, index.md first, each file read when the previous one is written. A failure ends the stream. */
export function streamHandover(plan: HandoverPlan, log: FastifyBaseLogger): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const root = `${safeName(plan.projectCode, "project")}-handover`;
  (async () => {
    await appendEntry(archive, `${root}/index.md`, inChunks(Buffer.from(handoverIndex(plan))));
    for (const entry of plan.entries) await appendEntry(archive, `${root}/${entry.name}`, await entry.open());
    await archive.finalize();
  })().catch((error) => {
    if (archive.destroyed) return;
    log.warn({ err: error, projectCode: plan.projectCode }, "hand-over package failed part-way");
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}

/** One package in flight per user in this process: a second is refused (409) until the first has ended. */
export function createHandoverSlots() {
  const busy = new Set<string>();
  return {
    /** Takes the user's slot; the answer gives it back (once, however often it is called). */
    claim(userId: string): () => void {
      if (busy.has(userId)) throw conflict(HANDOVER_MESSAGES.inFlight);
      busy.add(userId);
      let held = true;
      return () => {
        if (held) busy.delete(userId);
        held = false;
      };
    },
  };
}
