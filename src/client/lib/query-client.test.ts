import { describe, expect, it } from "vitest";
import { parseApiError } from "./api";
import { COMPANY_NO_CACHE, createQueryClient, currentUserQueryKey, isCompanyQueryKey, SIGNS_IN_ITSELF } from "./query-client";

const signedIn = { id: "u1", email: "ada@example.com" };

async function runMutation(client: ReturnType<typeof createQueryClient>, error: Error) {
  const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(error) });
  await mutation.execute(undefined).catch(() => undefined);
}

describe("the query client's session rule", () => {
  it("signs out when a mutation answers 401", async () => {
    const client = createQueryClient();
    client.setQueryData(currentUserQueryKey, signedIn);
    await runMutation(client, parseApiError(401, "Unauthorized", '{"message":"Not signed in","code":"UNAUTHORIZED"}'));
    expect(client.getQueryData(currentUserQueryKey)).toBeNull();
  });

  it("signs out when a query answers 401", async () => {
    const client = createQueryClient();
    client.setQueryData(currentUserQueryKey, signedIn);
    await client
      .fetchQuery({
        queryKey: ["/api/projects"],
        queryFn: () => Promise.reject(parseApiError(401, "Unauthorized", "")),
        retry: false,
      })
      .catch(() => undefined);
    expect(client.getQueryData(currentUserQueryKey)).toBeNull();
  });

  it("leaves a lost session to a mutation that signs in itself", async () => {
    const client = createQueryClient();
    client.setQueryData(currentUserQueryKey, signedIn);
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(parseApiError(401, "Unauthorized", "")),
      meta: { [SIGNS_IN_ITSELF]: true },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(client.getQueryData(currentUserQueryKey)).toEqual(signedIn);
  });

  it("keeps the session after a mutation refused for another reason", async () => {
    const client = createQueryClient();
    client.setQueryData(currentUserQueryKey, signedIn);
    await runMutation(client, parseApiError(403, "Forbidden", '{"message":"No","code":"FORBIDDEN"}'));
    await runMutation(client, new TypeError("Failed to fetch"));
    expect(client.getQueryData(currentUserQueryKey)).toEqual(signedIn);
  });
});

describe("company data", () => {
  it("is recognised by its path and never served from cache", () => {
    expect(isCompanyQueryKey(["/api/company/projects", {}])).toBe(true);
    expect(isCompanyQueryKey(["/api/customer-profile/", "u1"])).toBe(true);
    expect(isCompanyQueryKey(["/api/projects", "p1", "communications"])).toBe(false);
    expect(COMPANY_NO_CACHE).toMatchObject({ staleTime: 0, refetchOnMount: "always" });
  });
});
