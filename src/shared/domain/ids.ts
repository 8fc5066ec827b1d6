// Ids in paths are UUIDs: anything else names nothing (404), never a database error. Ids of different rows are
// different types (branded strings), so a use case that takes two of them cannot be handed one for the other.
import { z } from "zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A row's id: a string at run time, its table in the type. The brand is zod's, so a path schema can mint one. */
type RowId<Name extends string> = string & z.$brand<Name>;

export type ProjectId = RowId<"ProjectId">;
export type FeedbackId = RowId<"FeedbackId">;
export type CommunicationId = RowId<"CommunicationId">;
export type MeetingRequestId = RowId<"MeetingRequestId">;

/**
 * A path parameter naming a row: at most 64 characters (http/path-ids.ts has already answered 404 for one that is
 * not a UUID), typed as that row's id, so the id reaches the use case branded without a cast.
 */
const pathId = <Name extends string>() => z.string().max(64).brand<Name>();

export const projectIdParam = pathId<"ProjectId">();
export const feedbackIdParam = pathId<"FeedbackId">();
export const communicationIdParam = pathId<"CommunicationId">();
export const meetingRequestIdParam = pathId<"MeetingRequestId">();
