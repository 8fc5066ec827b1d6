// Prototype versions: the company publishes one (a URL and release notes); the first is the delivery, each later one
// ends the open feedback round (docs/decisions/0025-prototype-versions.md).
import { z } from "zod";
import { pageQueryFields, pageSchema } from "./paging";
import { webAddressHref } from "./text-fields";

export const RELEASE_NOTES_MAX = 5000;

export const VERSION_MESSAGES = {
  urlRequired: "Please enter the prototype's address",
  urlHttps: "The prototype URL must start with https://",
  urlPrivate: "The prototype URL must be a public address, not a private or local one",
  notesRequired: "Please write the release notes: what changed in this version",
  notesTooLong: `Please keep the release notes under ${RELEASE_NOTES_MAX} characters`,
  roundsUsedUp: (max: number) =>
    `All ${max} iteration rounds included in this project are used. Raise the project's iteration limit to publish another version.`,
  published: "Version published",
} as const;

/** POST /api/company/projects/{id}/versions. The https and public-address rules are checked on the server. */
export const publishVersionSchema = z.strictObject({
  url: z
    .string({ error: VERSION_MESSAGES.urlRequired })
    .trim()
    .min(1, VERSION_MESSAGES.urlRequired)
    .max(2048)
    .refine((value) => webAddressHref(value) !== null, VERSION_MESSAGES.urlHttps)
    .transform((value) => webAddressHref(value) ?? value),
  releaseNotes: z
    .string({ error: VERSION_MESSAGES.notesRequired })
    .trim()
    .min(1, VERSION_MESSAGES.notesRequired)
    .max(RELEASE_NOTES_MAX, VERSION_MESSAGES.notesTooLong),
});
export type PublishVersionInput = z.input<typeof publishVersionSchema>;

export const projectVersionSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  number: z.number(),
  /** Null to the owner and members once their access has ended (the notes stay theirs; the address does not). */
  url: z.string().nullable(),
  releaseNotes: z.string(),
  publishedAt: z.string(),
  publishedBy: z.object({ name: z.string().nullable() }).nullable(),
});
export type ProjectVersion = z.infer<typeof projectVersionSchema>;

export const VERSIONS_PAGE_SIZE = 20;
export const versionsQuerySchema = z.strictObject(pageQueryFields(VERSIONS_PAGE_SIZE));
export const versionPageSchema = pageSchema(projectVersionSchema);
export type VersionPage = z.infer<typeof versionPageSchema>;
