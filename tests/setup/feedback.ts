// Feedback request helpers for API tests: JSON (the spec's data URL) and multipart bodies.
import type { FastifyInstance } from "fastify";
import { json } from "../factories";
import { type FilePart, multipart } from "./multipart";

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

/** A feedback body as multipart: text fields and, optionally, the image as the file part `screenshot`. */
export const multipartBody = (fields: Record<string, string>, file?: Omit<FilePart, "field">) =>
  multipart(fields, file && { ...file, field: "screenshot" });
