import { describe, expect, it } from "vitest";
import { readListState, writeListState } from "./use-list-state";

const SPEC = { status: ["all", "pending", "done"], q: "text" } as const;

describe("URL list state", () => {
  it("reads defaults from an empty URL and the set values from a shared one", () => {
    expect(readListState(new URLSearchParams(), SPEC)).toEqual({ status: "all", q: "", page: 1 });
    expect(readListState(new URLSearchParams("status=done&q=acme&page=3"), SPEC)).toEqual({
      status: "done",
      q: "acme",
      page: 3,
    });
  });

  it("reads an unknown value or a bad page as the default", () => {
    expect(readListState(new URLSearchParams("status=<script>&page=-2"), SPEC)).toEqual({
      status: "all",
      q: "",
      page: 1,
    });
    expect(readListState(new URLSearchParams("page=1.5"), SPEC).page).toBe(1);
  });

  it("keeps defaults and page 1 out of the URL", () => {
    const url = writeListState(new URLSearchParams("status=done&page=2"), SPEC, { status: "all", page: 1 });
    expect(url.toString()).toBe("");
  });

  it("starts a changed filter again from page 1, and keeps other parameters", () => {
    const url = writeListState(new URLSearchParams("tab=feedback&page=4"), SPEC, { status: "pending" });
    expect(url.toString()).toBe("tab=feedback&status=pending");
    expect(writeListState(url, SPEC, { page: 2 }).toString()).toBe("tab=feedback&status=pending&page=2");
  });

  it("keeps two lists on one screen apart by scope", () => {
    const meetings = { scope: "meetings" };
    const url = writeListState(new URLSearchParams("status=done&page=3"), SPEC, { status: "pending", page: 2 }, meetings);
    expect(url.toString()).toBe("status=done&page=3&meetings-status=pending&meetings-page=2");
    expect(readListState(url, SPEC, meetings)).toEqual({ status: "pending", q: "", page: 2 });
    expect(readListState(url, SPEC)).toEqual({ status: "done", q: "", page: 3 });
  });

  it("has no page when the state is not a paged list", () => {
    const tabs = { tab: ["projects", "audit"] } as const;
    const url = writeListState(new URLSearchParams("page=3"), tabs, { tab: "audit" }, { paged: false });
    expect(url.toString()).toBe("page=3&tab=audit");
  });
});
