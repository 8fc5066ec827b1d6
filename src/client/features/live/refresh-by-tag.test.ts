import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { currentUserQueryKey } from "../../lib/query-client";
import { ownRowTag, refreshTags, registerTagMap } from "../../lib/tag-refresh";
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

  it("refreshes the bell, the timeline and the General support threads on a new activity event", () => {
    expect(queriesToRefresh(["activity_events.user_id:u1"])).toEqual([
      ["/api/notifications"],
      ["/api/dashboard/activity"],
      ["/api/projects", "general", "communications"],
    ]);
  });

  it("refreshes the General support threads (and the inbox) on a change to a thread with no project", () => {
    const keys = queriesToRefresh(["communication_replies.project_id:null"]);
    expect(keys).toContainEqual(["/api/projects", "general", "communications"]);
    expect(keys).toContainEqual(["/api/company/communications"]);
    expect(keys).not.toContainEqual(["/api/projects", "null", "communications"]);
  });

  it("is the map a mutation refreshes its own write through: only the queries its tags name go stale", async () => {
    registerTagMap(async () => queriesToRefresh);
    const client = new QueryClient();
    client.setQueryData(currentUserQueryKey, { id: "u1" });
    const keys = [
      ["/api/projects", "p1", "meeting-requests"],
      ["/api/company/meeting-requests"],
      ["/api/projects", "p2", "meeting-requests"],
      ["/api/notifications"],
    ];
    for (const key of keys) client.setQueryData(key, []);
    await refreshTags(client, ["meeting_requests.project_id:p1"]);
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, false, false]);
    expect(ownRowTag(client, "activity_events", "user_id")).toBe("activity_events.user_id:u1");
  });
});
