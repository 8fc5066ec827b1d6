import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { pageCursors, readCursor } from "./project-list-cursor";

const query = { sort: "createdAt", order: "desc" } as const;
// Seeded and imported rows carry ids that are GUIDs but not RFC 4122 version 4 (the version nibble here is "b").
const row = { lead: null, created: "2025-12-13 08:38:26.077231+00", id: "3724df30-4db6-b8e6-abb9-61927dcd3908" };

describe("the project list's cursors", () => {
  it("reads back the cursors it makes, for any GUID", () => {
    const { nextCursor, previousCursor } = pageCursors(query, row, row);
    expect(readCursor({ ...query, cursor: nextCursor ?? "" })).toMatchObject({ direction: "after", ...row });
    expect(readCursor({ ...query, cursor: previousCursor ?? "" })).toMatchObject({ direction: "before", ...row });
  });

  it("makes none for the customer-name order or an empty page", () => {
    expect(pageCursors({ sort: "customerName", order: "asc" }, row, row)).toEqual({ nextCursor: null, previousCursor: null });
    expect(pageCursors(query, undefined, undefined)).toEqual({ nextCursor: null, previousCursor: null });
  });

  it("refuses a cursor that is not one of its own", () => {
    const forged = Buffer.from(JSON.stringify({ ...row, direction: "after", ...query, id: "1; drop table projects" })).toString(
      "base64url",
    );
    for (const cursor of ["%%%", forged, Buffer.from("[]").toString("base64url")]) {
      expect(() => readCursor({ ...query, cursor })).toThrow(AppError);
    }
  });
});
