// Ids a test holds as plain strings (a literal, or one read back without its column's type) typed as the row's id,
// so a query on a branded column takes them. Ids from a JSON reply need none of these: `json()` is untyped.
import type { CommunicationId, FeedbackId, MeetingRequestId } from "../../src/shared/domain/ids";

export const asFeedbackId = (id: string) => id as FeedbackId;
export const asCommunicationId = (id: string) => id as CommunicationId;
export const asMeetingRequestId = (id: string) => id as MeetingRequestId;
