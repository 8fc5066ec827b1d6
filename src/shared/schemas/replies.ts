// Small reply shapes several endpoints answer with; the server's OpenAPI and the client's types both read them.
import { z } from "zod";

export const successReplySchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessReply = z.infer<typeof successReplySchema>;

/** GET /api/session: whether the visitor has a session (a visitor is a normal 200 answer, not a 401). */
export const sessionReplySchema = z.object({ signedIn: z.boolean() });
export type SessionReply = z.infer<typeof sessionReplySchema>;
