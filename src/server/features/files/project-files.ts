// Files that belong to a project (feedback screenshots, BRDs, invoices): checked by their magic bytes, stored once
// in the file store, and recorded with their project and kind so GET /api/files/{id} can decide who may read them.
import { and, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { FILE_MESSAGES, type FileKind, fileUrl, MAX_DOCUMENT_BYTES, MAX_SCREENSHOT_BYTES } from "../../../shared/constants/files";
import { detectFileType } from "../../../shared/files/detect-file-type";
import { hasTooManyPixels } from "../../../shared/files/image-dimensions";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { fileAttachments, projects } from "../../db/schema";
import { AppError, badRequest } from "../../errors";
import { isContentId } from "../../files/content-id";
import { projectAccessibleTo } from "../projects";

type KindRule = { category: "image" | "document"; maxBytes: number; tooLarge: string; wrongType: string; field: string };

const KIND_RULES: Record<FileKind, KindRule> = {
  feedback_screenshot: {
    category: "image",
    maxBytes: MAX_SCREENSHOT_BYTES,
    tooLarge: FILE_MESSAGES.imageTooLarge,
    wrongType: FILE_MESSAGES.notAnImage,
    field: "screenshotUrl",
  },
  brd: {
    category: "document",
    maxBytes: MAX_DOCUMENT_BYTES,
    tooLarge: FILE_MESSAGES.documentTooLarge,
    wrongType: FILE_MESSAGES.notADocument,
    field: "file",
  },
  invoice: {
    category: "document",
    maxBytes: MAX_DOCUMENT_BYTES,
    tooLarge: FILE_MESSAGES.documentTooLarge,
    wrongType: FILE_MESSAGES.notADocument,
    field: "file",
  },
  // A progress update's images: the screenshot rule.
  update_image: {
    category: "image",
    maxBytes: MAX_SCREENSHOT_BYTES,
    tooLarge: FILE_MESSAGES.imageTooLarge,
    wrongType: FILE_MESSAGES.notAnImage,
    field: "images",
  },
};

export function maxBytesFor(kind: FileKind): number {
  return KIND_RULES[kind].maxBytes;
}

/** The 413 a route answers when an upload of this kind went over its limit while streaming. */
export function fileTooLarge(kind: FileKind, field = KIND_RULES[kind].field): AppError {
  const rule = KIND_RULES[kind];
  return new AppError("PAYLOAD_TOO_LARGE", rule.tooLarge, { [field]: rule.tooLarge });
}

export type ProjectFile = { fileId: string; url: string; contentType: string; size: number; filename: string };

/** A download name that cannot carry a path or control characters, with the extension of what the file really is. */
function safeFilename(given: string | undefined, fallback: string, extension: string): string {
  const base = (given ?? "")
    .split(/[\\/]/)
    .pop()
    ?.replace(/[\u0000-\u001f\u007f"]/g, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim()
    .slice(0, 100);
  return `${base || fallback}.${extension}`;
}

/**
 * Checks the bytes against the kind's rule (type by magic bytes, size), stores them, and records that the project
 * owns them. Call it before the transaction that uses the file (PGlite has one connection, and the bytes may go to
 * S3 anyway), and `releaseProjectFile` when that transaction fails.
 */
export async function storeProjectFile(
  ctx: AppContext,
  input: { projectId: string; kind: FileKind; bytes: Buffer; filename?: string; createdBy: string | null; field?: string },
): Promise<ProjectFile> {
  const rule = KIND_RULES[input.kind];
  const field = input.field ?? rule.field;
  if (input.bytes.length > rule.maxBytes) throw fileTooLarge(input.kind, field);
  const detected = detectFileType(input.bytes);
  if (!detected || detected.category !== rule.category) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", rule.wrongType, { [field]: rule.wrongType });
  }
  if (detected.category === "image" && hasTooManyPixels(input.bytes)) {
    throw badRequest(FILE_MESSAGES.tooManyPixels, { [field]: FILE_MESSAGES.tooManyPixels });
  }
  const stored = await ctx.files.put(input.bytes, detected.contentType);
  const filename = safeFilename(input.filename, input.kind.replace("_", "-"), detected.extension);
  await ctx.db.insert(fileAttachments).values({
    fileId: stored.id,
    projectId: input.projectId,
    kind: input.kind,
    filename,
    contentType: detected.contentType,
    size: stored.size,
    createdBy: input.createdBy,
  });
  return { fileId: stored.id, url: fileUrl(stored.id), contentType: detected.contentType, size: stored.size, filename };
}

/**
 * Drops one record of the project holding the file; the bytes go too when no project holds them any more.
 * Call it after the change that stops using the file has committed.
 */
export async function releaseProjectFile(
  ctx: AppContext,
  input: { projectId: string; kind: FileKind; fileId: string },
): Promise<void> {
  const [record] = await ctx.db
    .select({ id: fileAttachments.id })
    .from(fileAttachments)
    .where(
      and(
        eq(fileAttachments.fileId, input.fileId),
        eq(fileAttachments.projectId, input.projectId),
        eq(fileAttachments.kind, input.kind),
      ),
    )
    .limit(1);
  if (record) await ctx.db.delete(fileAttachments).where(eq(fileAttachments.id, record.id));
  const [stillUsed] = await ctx.db
    .select({ id: fileAttachments.id })
    .from(fileAttachments)
    .where(eq(fileAttachments.fileId, input.fileId))
    .limit(1);
  if (!stillUsed) await ctx.files.delete(input.fileId);
}

export type ReadableFile = { filename: string; contentType: string; kind: FileKind };

/**
 * Invoices are the owner's payments: the company and the project's owner read them, never an invited member (the
 * documents list's rule, dashboard/list-project-documents.ts). Every other kind: whoever may view the project.
 */
function invoiceReadableBy(user: Pick<SessionUser, "id" | "role">): SQL {
  if (user.role === "company") return sql`true`;
  return sql`${fileAttachments.projectId} in (select ${projects.id} from ${projects} where ${projects.userId} = ${user.id})`;
}

/** The file's record on a project the caller may read it in (company: any project), or null: the file is not theirs. */
export async function findReadableFile(
  db: Database,
  { user, fileId }: { user: Pick<SessionUser, "id" | "email" | "role">; fileId: string },
): Promise<ReadableFile | null> {
  if (!isContentId(fileId)) return null;
  const [row] = await db
    .select({ filename: fileAttachments.filename, contentType: fileAttachments.contentType, kind: fileAttachments.kind })
    .from(fileAttachments)
    .where(
      and(
        eq(fileAttachments.fileId, fileId),
        projectAccessibleTo({ project: fileAttachments.projectId, caller: user, need: "view" }),
        or(ne(fileAttachments.kind, "invoice"), invoiceReadableBy(user)),
      ),
    )
    .limit(1);
  return row ?? null;
}
