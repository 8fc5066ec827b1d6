import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ApiError, apiRequest, isSessionLost, parseApiError, serverFieldErrors, serverMessage } from "./api";
import { createQueryClient, currentUserQueryKey } from "./query-client";

// A 404 that mentions 401 and Unauthorized twice over: a project code, a request id and the message itself.
const MISLEADING_404 = JSON.stringify({
  message: "Project PRJ-2026-0401 not found (Unauthorized callers see the same)",
  code: "NOT_FOUND",
  requestId: "req-401-Unauthorized",
});

describe("parsing an error answer", () => {
  it("reads status, code, message, fields and request id, and keeps 'status: body' as the message", () => {
    const body = JSON.stringify({
      message: "Invalid email address",
      code: "VALIDATION_FAILED",
      fields: { email: "Invalid email address" },
      requestId: "r1",
    });
    const error = parseApiError(400, "Bad Request", body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      requestId: "r1",
      fields: { email: "Invalid email address" },
    });
    expect(error.message).toBe(`400: ${body}`);
    expect(serverMessage(error, "fallback")).toBe("Invalid email address");
    expect(serverFieldErrors(error)).toEqual({ email: "Invalid email address" });
  });

  it.each([
    [502, "Bad Gateway", "<html>nginx</html>", "BAD_GATEWAY", "<html>nginx</html>", "502: <html>nginx</html>"],
    [503, "Service Unavailable", "", "SERVICE_UNAVAILABLE", "Service Unavailable", "503: Service Unavailable"],
    [
      400,
      "Bad Request",
      '{"message":"odd","code":"FST_ERR_SOMETHING"}',
      "BAD_REQUEST",
      "odd",
      '400: {"message":"odd","code":"FST_ERR_SOMETHING"}',
    ],
    [409, "Conflict", "null", "CONFLICT", "null", "409: null"],
  ])(
    "reads a %i that is not our JSON shape (%s) with the status's generic code",
    (status, statusText, body, code, shown, message) => {
      const error = parseApiError(status, statusText, body);
      expect(error).toMatchObject({ status, code, serverMessage: shown, fields: {}, requestId: null });
      expect(error.message).toBe(message);
    },
  );

  it("keeps only text field messages", () => {
    const error = parseApiError(400, "", JSON.stringify({ message: "x", code: "VALIDATION_FAILED", fields: { a: "A", b: 3 } }));
    expect(error.fields).toEqual({ a: "A" });
  });

  it("falls back when there is no server message, as for a network failure", () => {
    expect(serverMessage(new TypeError("Failed to fetch"), "Failed to send code")).toBe("Failed to send code");
    expect(serverFieldErrors(new Error("boom"))).toEqual({});
  });

  it("calls a lost session a 401 and nothing else, whatever the text says", () => {
    expect(isSessionLost(parseApiError(401, "Unauthorized", '{"message":"Not authenticated","code":"UNAUTHENTICATED"}'))).toBe(
      true,
    );
    expect(isSessionLost(parseApiError(404, "Not Found", MISLEADING_404))).toBe(false);
    expect(isSessionLost(parseApiError(403, "Forbidden", "Authentication required"))).toBe(false);
    expect(isSessionLost(new Error("401: Unauthorized"))).toBe(false);
  });
});

describe("the query client's session rule", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer((request, response) => {
      const status = request.url === "/real-401" ? 401 : 404;
      const body = status === 401 ? '{"message":"Not authenticated","code":"UNAUTHENTICATED"}' : MISLEADING_404;
      response.writeHead(status, { "content-type": "application/json" }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const signedIn = () => {
    const client = createQueryClient();
    client.setQueryData(currentUserQueryKey, { id: "u1", email: "ann@example.com" });
    return client;
  };

  it("keeps the user signed in after a 404 whose body mentions 401 and Unauthorized", async () => {
    const client = signedIn();
    const failed = client.fetchQuery({
      queryKey: ["/api/projects"],
      queryFn: () => apiRequest("GET", `${base}/missing`),
      retry: false,
    });
    await expect(failed).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(client.getQueryData(currentUserQueryKey)).toMatchObject({ id: "u1" });
  });

  it("signs the user out after a real 401", async () => {
    const client = signedIn();
    const failed = client.fetchQuery({
      queryKey: ["/api/projects"],
      queryFn: () => apiRequest("GET", `${base}/real-401`),
      retry: false,
    });
    await expect(failed).rejects.toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
    expect(client.getQueryData(currentUserQueryKey)).toBeNull();
  });
});

describe("cancelling a request", () => {
  let server: Server;
  let base: string;
  let answered = 0;
  beforeAll(async () => {
    // Answers only after a while, like a slow search.
    server = createServer((_request, response) => {
      const timer = setTimeout(() => {
        answered += 1;
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      }, 2_000);
      response.on("close", () => clearTimeout(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("stops a request when its signal aborts (the query's signal for a stale search)", async () => {
    const controller = new AbortController();
    const pending = apiRequest("GET", `${base}/slow`, undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(answered).toBe(0);
  });
});

describe("one submission, one key", () => {
  let server: Server;
  let base: string;
  const seen: { method: string; key: string | undefined }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      const key = request.headers["idempotency-key"];
      seen.push({ method: request.method ?? "", key: typeof key === "string" ? key : undefined });
      request.resume();
      request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end("{}"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends a fresh Idempotency-Key with each state-changing request, the caller's own when given, none on reads", async () => {
    seen.length = 0;
    await apiRequest("POST", `${base}/a`, { x: 1 });
    await apiRequest("POST", `${base}/a`, { x: 1 });
    await apiRequest("PATCH", `${base}/a`, { x: 2 }, { idempotencyKey: "retry-of-submission-1" });
    await apiRequest("DELETE", `${base}/a`);
    await apiRequest("GET", `${base}/a`);
    const [first, second, patch, remove, read] = seen;
    expect(first?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.key).not.toBe(first?.key);
    expect(patch?.key).toBe("retry-of-submission-1");
    expect(remove?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(read).toEqual({ method: "GET", key: undefined });
  });
});
