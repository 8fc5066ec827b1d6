// PUT /api/me/name: the person's own name (a member's personal profile; an owner's follows the company profile's name).
import { z } from "zod";
import { AUTH_MESSAGES, personNameSchema } from "./auth";

export const DISPLAY_NAME_MESSAGES = { saved: "Name saved" } as const;

export const displayNameBodySchema = z.strictObject({ name: personNameSchema(AUTH_MESSAGES.nameRequired) });
export type DisplayNameBody = z.infer<typeof displayNameBodySchema>;

export const displayNameReplySchema = z.object({
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type DisplayNameReply = z.infer<typeof displayNameReplySchema>;

/** One name, split as the sign-in stores it: the first word, then the rest. */
export function splitName(name: string): DisplayNameReply {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { name: name.trim(), firstName: firstName || null, lastName: rest.join(" ") || null };
}
