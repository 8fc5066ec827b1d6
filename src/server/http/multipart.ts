// The one way a route takes a multipart/form-data body: the parser is registered inside the route's own plugin (so
// multipart is accepted only there, with that route's limits), and `readMultipart` reads the text fields and the one
// file part, turning an over-limit file into the route's 413 and a missing or unexpected part into a 400.
import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AppError, badRequest } from "../errors";

export type MultipartLimits = { fileSize: number; fields?: number; fieldSize?: number; files?: number };

/** Accepts multipart bodies in this plugin (and its children) only: `files` files (default one) of at most `fileSize` bytes each. */
export async function acceptMultipart(app: FastifyInstance, limits: MultipartLimits): Promise<void> {
  const fields = limits.fields ?? 0;
  const files = limits.files ?? 1;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: limits.fileSize,
      files,
      fields,
      parts: fields + files,
      ...(limits.fieldSize ? { fieldSize: limits.fieldSize } : {}),
      fieldNameSize: 100,
      headerPairs: 50,
    },
  });
}

export type Upload = { bytes: Buffer; filename: string };

type ReadOptions<F> = {
  /** The name of the one file part. */
  fileField: string;
  /** The 413 for a file over the limit. */
  tooLarge: () => AppError;
  /** The 415 for a body that is not multipart. */
  notMultipart: () => AppError;
  /** Reads the file part (default: its bytes); it may stream instead, and throw to refuse it. */
  readFile?: (part: MultipartFile) => Promise<F>;
};

const readBytes = async (part: MultipartFile): Promise<Upload> => ({ bytes: await part.toBuffer(), filename: part.filename });

/**
 * Walks the body's parts: the text fields are collected and returned, each part of the file field is handed to `take`
 * (a file over the limit is the route's 413), a file part under any other name is a 400.
 */
async function readParts(
  request: FastifyRequest,
  options: Omit<ReadOptions<unknown>, "readFile">,
  take: (part: MultipartFile) => Promise<void>,
): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw options.notMultipart();
  // No prototype: a part named "__proto__" is just a field.
  const fields: Record<string, string> = Object.create(null);
  for await (const part of request.parts()) {
    if (part.type !== "file") {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== options.fileField) {
      part.file.resume();
      throw badRequest(`Unknown field: ${part.fieldname}`, { [part.fieldname]: `Unknown field: ${part.fieldname}` });
    }
    try {
      await take(part);
    } catch (error) {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw options.tooLarge();
      throw error;
    }
    if (part.file.truncated) throw options.tooLarge();
  }
  return fields;
}

/** The body's text fields and its file (null when none was sent). */
export async function readMultipart<F = Upload>(
  request: FastifyRequest,
  options: ReadOptions<F>,
): Promise<{ fields: Record<string, string>; file: F | null }> {
  const readFile = options.readFile ?? (readBytes as unknown as (part: MultipartFile) => Promise<F>);
  let file: F | null = null;
  const fields = await readParts(request, options, async (part) => {
    file = await readFile(part);
  });
  return { fields, file };
}

/** The one file a body must carry, or a 400 with `message` on the file field. */
export async function readOneFile<F = Upload>(
  request: FastifyRequest,
  options: ReadOptions<F> & { missing: string },
): Promise<F> {
  const { file } = await readMultipart(request, options);
  if (file === null) throw badRequest(options.missing, { [options.fileField]: options.missing });
  return file;
}

/**
 * The body's text fields and every file of the one file field, in order: at most `maxFiles` (one more is `tooMany`,
 * answered before it is read). The plugin must accept `maxFiles + 1` files so the one too many is seen and refused here.
 */
export async function readMultipartFiles(
  request: FastifyRequest,
  options: Omit<ReadOptions<Upload>, "readFile"> & { maxFiles: number; tooMany: () => AppError },
): Promise<{ fields: Record<string, string>; files: Upload[] }> {
  const files: Upload[] = [];
  const fields = await readParts(request, options, async (part) => {
    if (files.length >= options.maxFiles) {
      part.file.resume();
      throw options.tooMany();
    }
    files.push(await readBytes(part));
  });
  return { fields, files };
}
