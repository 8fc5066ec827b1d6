import { describe, expect, it } from "vitest";
import { requestCodeSchema, sanitizeCodeInput, verifyCodeSchema } from "./auth";

describe("sign-in validation", () => {
  it("keeps only digits in the code field, at most six", () => {
    expect(sanitizeCodeInput("12a3-4 5678")).toBe("123456");
    expect(sanitizeCodeInput("abc")).toBe("");
  });

  it.each([
    [{ email: "bad", name: "Jo" }, "email", "Please enter a valid email address"],
    [{ email: "jo@example.com", name: "J" }, "name", "Please enter your name"],
    [{ email: "jo@example.com", name: "Jo\r\nBcc: x@y.z" }, "name", "Name contains invalid characters"],
    [{ name: "Jo" }, "email", "Please enter a valid email address"],
    [{ email: 42, name: "Jo" }, "email", "Please enter a valid email address"],
    [{ email: "jo@example.com" }, "name", "Please enter your name"],
    [{ email: "jo@example.com", name: null }, "name", "Please enter your name"],
  ])("refuses %j on %s", (input, field, message) => {
    const result = requestCodeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it.each(["12345", "1234567", "12a456"])("refuses the code %s", (code) => {
    const result = verifyCodeSchema.safeParse({ email: "jo@example.com", code });
    expect(result.error?.issues[0]?.message).toBe("Please enter the 6-digit code");
  });
});
