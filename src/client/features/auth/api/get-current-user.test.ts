// The session query seeded from the user the server embedded in the app's HTML: the first render asks nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CURRENT_USER_BLOCK_ID } from "../../../../shared/runtime-tokens";
import type { CurrentUser } from "../../../../shared/schemas/auth";
import { createQueryClient, currentUserQueryKey } from "../../../lib/query-client";
import { currentUserQueryOptions, seedCurrentUser } from "./get-current-user";

const USER: CurrentUser = {
  id: "u-1",
  email: "mo@example.com",
  name: "Mo Member",
  firstName: "Mo",
  lastName: "Member",
  role: "customer",
  isCustomer: true,
  isCompany: false,
  staffRole: null,
  profileImageUrl: null,
  timeZone: null,
  firstSignIn: false,
};

/** A page whose HTML carries this text in the current-user block (none for undefined), and a session cookie. */
function pageWithBlock(text: string | undefined) {
  vi.stubGlobal("document", {
    getElementById: (id: string) => (id === CURRENT_USER_BLOCK_ID && text !== undefined ? { textContent: text } : null),
    querySelector: () => ({ getAttribute: () => "1" }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("seedCurrentUser", () => {
  it("puts the embedded user in the session query, fresh, so nothing asks GET /api/auth/user", async () => {
    pageWithBlock(JSON.stringify(USER));
    const fetch = vi.fn(() => Promise.reject(new Error("no request expected")));
    vi.stubGlobal("fetch", fetch);
    const queryClient = createQueryClient();
    seedCurrentUser(queryClient);
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(USER);
    expect(await queryClient.fetchQuery(currentUserQueryOptions())).toEqual(USER);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("leaves the query to ask the server when the page has no block or an unreadable one", () => {
    for (const text of [undefined, "", "{not json"]) {
      pageWithBlock(text);
      const queryClient = createQueryClient();
      seedCurrentUser(queryClient);
      expect(queryClient.getQueryData(currentUserQueryKey)).toBeUndefined();
    }
  });
});
