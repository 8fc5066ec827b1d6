// The feedback routes take JSON (the screenshot inline as a data URL, 7 MB at most) or
// multipart/form-data (the image as the file part `screenshot`). Both end as the same fields and screenshot change.
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { fileIdFromUrl, MAX_SCREENSHOT_BYTES } from "../../../shared/constants/files";
import { FEEDBACK_MESSAGES } from "../../../shared/schemas/feedback";
import { AppError, badRequest, unsupportedMediaType } from "../../errors";
import { readMultipart, type Upload } from "../../http/multipart";
import { fileTooLarge } from "../files";

export const FEEDBACK_JSON_LIMIT = 7 * 1024 * 1024;

export type ScreenshotChange = { kind: "keep" } | { kind: "remove" } | { kind: "new"; bytes: Buffer; filename?: string };

type RawBody = { fields: Record<string, unknown>; upload: Upload | null };

async function readFeedbackForm(request: FastifyRequest): Promise<RawBody> {
  const { fields, file } = await readMultipart(request, {
    fileField: "screenshot",
    tooLarge: () => fileTooLarge("feedback_screenshot"),
    notMultipart: () => unsupportedMediaType(),
  });
  if (fields.context === undefined) return { fields, upload: file };
  try {
    return { fields: { ...fields, context: JSON.parse(fields.context) }, upload: file };
  } catch {
    throw badRequest("Invalid context", { context: "Invalid context" });
  }
}

export async function readFeedbackBody(request: FastifyRequest): Promise<RawBody> {
  if (request.isMultipart()) return readFeedbackForm(request);
  const body = request.body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw badRequest("Invalid request body");
  return { fields: body as Record<string, unknown>, upload: null };
}

/** Parses with the shared schema; failures answer 400 with each field's own message. */
export function parseFields<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[key] = `Unknown field: ${key}`;
      continue;
    }
    const key = issue.path.map(String).join(".") || "body";
    fields[key] ??= issue.message;
  }
  throw badRequest(Object.values(fields)[0] ?? "Invalid request", fields);
}

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.+-]+)*;base64,([A-Za-z0-9+/=\s]*)$/i;

/** What the request asks for the screenshot: keep it, remove it (null or ""), or store a new image. */
export function screenshotChangeOf({
  screenshotUrl,
  upload,
  currentFileId,
}: {
  screenshotUrl: string | null | undefined;
  upload: RawBody["upload"];
  currentFileId: string | null;
}): ScreenshotChange {
  if (upload) return { kind: "new", bytes: upload.bytes, filename: upload.filename };
  if (screenshotUrl === undefined) return { kind: "keep" };
  if (screenshotUrl === null || screenshotUrl === "") return currentFileId ? { kind: "remove" } : { kind: "keep" };
  // A portal file URL is what the lists answered: sending it back changes nothing (it never attaches another file).
  if (fileIdFromUrl(screenshotUrl)) return { kind: "keep" };
  const match = DATA_URL.exec(screenshotUrl);
  if (!match) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", FEEDBACK_MESSAGES.screenshotNotImageData, {
      screenshotUrl: FEEDBACK_MESSAGES.screenshotNotImageData,
    });
  }
  const base64 = (match[3] ?? "").replace(/\s/g, "");
  // Decoded size from the text alone, so an oversized image is refused before it is decoded.
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if ((base64.length * 3) / 4 - padding > MAX_SCREENSHOT_BYTES) throw fileTooLarge("feedback_screenshot");
  return { kind: "new", bytes: Buffer.from(base64, "base64") };
}
