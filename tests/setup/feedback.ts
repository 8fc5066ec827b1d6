// Feedback request helpers for API tests: JSON (the spec's data URL) and multipart bodies.
import type { FastifyInstance } from "fastify";
import { json } from "../factories";

export const GOOD_FEEDBACK = {
  feedbackType: "error",
  issueFaced: "The Save button on the booking form does nothing on the second click.",
  changeDescription: "Saving should work every time and show a confirmation message.",
};

export const feedbackUrl = (projectId: string, feedbackId?: string) =>
  `/api/projects/${projectId}/feedback${feedbackId ? `/${feedbackId}` : ""}`;

export function postFeedback(
  app: FastifyInstance,
  projectId: string,
  cookie: string | undefined,
  payload: object = GOOD_FEEDBACK,
) {
  return app.inject({
    method: "POST",
    url: feedbackUrl(projectId),
    payload,
    headers: { ...(cookie ? { cookie } : {}), ...json },
  });
}

export function patchFeedback(
  app: FastifyInstance,
  projectId: string,
  feedbackId: string,
  cookie: string | undefined,
  payload: object,
) {
  return app.inject({
    method: "PATCH",
    url: feedbackUrl(projectId, feedbackId),
    payload,
    headers: { ...(cookie ? { cookie } : {}), ...json },
  });
}

const BOUNDARY = "----bp-feedback-test";

/** A multipart body with text fields and, optionally, one file part named `screenshot`. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { bytes: Buffer; filename: string; contentType: string },
): { payload: Buffer; headers: Record<string, string> } {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="screenshot"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } };
}
