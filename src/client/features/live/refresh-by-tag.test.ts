import { describe, expect, it } from "vitest";
import { queriesToRefresh } from "./refresh-by-tag";

describe("refreshing by change tag", () => {
  it("maps a row tag to the queries over those rows, each once", () => {
    const keys = queriesToRefresh(["feedback.project_id:p1", "feedback.project_id:p1"]);
    expect(keys).toEqual([["/api/projects", "p1", "feedback"], ["/api/company/feedback"]]);
  });

  it("refreshes a thread's list for a reply, a read marker or a new thread alike", () => {
    for (const table of ["communications", "communication_replies", "communication_reads"]) {
      expect(queriesToRefresh([`${table}.project_id:p2`])).toContainEqual(["/api/projects", "p2", "communications"]);
    }
  });

  it("maps a table's tag to the console's lists over it, and an unknown or private tag to nothing", () => {
    expect(queriesToRefresh(["projects"])).toContainEqual(["/api/company/stats"]);
    expect(queriesToRefresh(["sessions.id:abc", "sessions", "no_such_table.id:1"])).toEqual([]);
  });

  it("refreshes the bell and the timeline on a new activity event", () => {
    expect(queriesToRefresh(["activity_events.user_id:u1"])).toEqual([["/api/notifications"], ["/api/dashboard/activity"]]);
  });
});
