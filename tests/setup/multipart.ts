// multipart/form-data bodies for upload tests, written byte for byte as a browser's FormData sends them.
import { randomBytes } from "node:crypto";

export type FilePart = { bytes: Buffer; filename: string; contentType: string; field?: string };

/** Text fields and at most one file part (named `file` unless told), with the matching Content-Type header. */
export function multipart(
  fields: Record<string, string>,
  file?: FilePart,
): { payload: Buffer; headers: { "content-type": string } } {
  const boundary = `----bp-test-${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`;
    parts.push(Buffer.from(head), file.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A body with just one file part named `file`. */
export const fileUpload = (filename: string, bytes: Buffer, contentType = "application/pdf") =>
  multipart({}, { bytes, filename, contentType });
