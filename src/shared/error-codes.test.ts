import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_STATUS, genericCodeFor, isErrorCode } from "./error-codes";

describe("the closed list of API error codes", () => {
  it.each([
    [400, "BAD_REQUEST"],
    [401, "UNAUTHENTICATED"],
    [403, "FORBIDDEN"],
    [404, "NOT_FOUND"],
    [409, "CONFLICT"],
    [413, "PAYLOAD_TOO_LARGE"],
    [415, "UNSUPPORTED_MEDIA_TYPE"],
    [429, "RATE_LIMITED"],
    [500, "INTERNAL"],
    [502, "BAD_GATEWAY"],
    [503, "SERVICE_UNAVAILABLE"],
    [405, "BAD_REQUEST"],
    [504, "INTERNAL"],
  ])("answers a bare %i with the generic code %s", (status, code) => {
    expect(genericCodeFor(status)).toBe(code);
  });

  it("gives every code a 4xx or 5xx status", () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });

  it("knows its own codes and nothing else, not even an object's built-in keys", () => {
    expect(isErrorCode("NO_SLOTS")).toBe(true);
    expect(isErrorCode("FST_ERR_CTP_INVALID_JSON_BODY")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
