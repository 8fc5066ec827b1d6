import { describe, expect, it } from "vitest";
import { RETURN_PATH_MAX, returnPathAfterSignIn, safeReturnPath, signInPath } from "./return-path";

describe("safeReturnPath", () => {
  it.each([
    ["/communications?thread=x&project=y"],
    ["/communications?thread=3f2b6c1e-0000-4000-8000-000000000001&project=PRJ-2026-0001"],
    ["/"],
    ["/dashboard"],
    ["/testing-feedback?project=PRJ-2026-0001"],
    ["/admin?tab=inbox&thread=abc"],
    ["/admin?tab=meetings&request=abc#top"],
    ["/communications?thread=a%2Fb"],
    ["/requirements?q=100%25"],
    ["/no-such-page"],
  ])("accepts the same-site path %s", (value) => {
    expect(safeReturnPath(value)).toBe(value);
  });

  it.each([
    ["another origin", "https://evil.com"],
    ["another origin over http", "http://evil.com/communications"],
    ["a protocol-relative URL", "//evil.com"],
    ["a protocol-relative URL with a path", "//evil.com/communications"],
    ["a backslash after the slash", "/\\evil.com"],
    ["a backslash later on", "/communications\\..\\evil"],
    ["a script", "javascript:alert(1)"],
    ["a script behind a slash-less scheme", "javascript://%0Aalert(1)"],
    ["a data URL", "data:text/html,<script>alert(1)</script>"],
    ["a relative path without the leading slash", "communications"],
    ["an encoded second slash", "/%2F%2Fevil.com"],
    ["an encoded second slash, lower case", "/%2f%2fevil.com"],
    ["an encoded backslash", "/%5Cevil.com"],
    ["a doubly encoded second slash", "/%252F%252Fevil.com"],
    ["an encoded protocol-relative URL", "%2F%2Fevil.com"],
    ["a carriage return and line feed", "/dashboard\r\nSet-Cookie: x=1"],
    ["an encoded CR/LF", "/dashboard%0D%0ASet-Cookie:%20x=1"],
    ["a NUL byte", "/dashboard\u0000"],
    ["an encoded NUL byte", "/dashboard%00"],
    ["a tab", "/\t/evil.com"],
    ["a space", "/dash board"],
    ["a non-ASCII character", "/d\u00e4shboard"],
    ["broken percent-encoding", "/dashboard%E0%A4%A"],
    ["deeply nested encoding", "/%25252525252F"],
    ["an empty value", ""],
    ["an over-long value", `/communications?thread=${"a".repeat(RETURN_PATH_MAX)}`],
  ])("refuses %s", (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it.each([[null], [undefined], [42], [["/dashboard"]], [{ path: "/dashboard" }]])("refuses a non-string %j", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("accepts a value of exactly the maximum length", () => {
    const value = `/dashboard?x=${"a".repeat(RETURN_PATH_MAX - "/dashboard?x=".length)}`;
    expect(value).toHaveLength(RETURN_PATH_MAX);
    expect(safeReturnPath(value)).toBe(value);
  });
});

describe("signInPath", () => {
  it.each([
    ["/communications?thread=x&project=y", "/auth?next=%2Fcommunications%3Fthread%3Dx%26project%3Dy"],
    ["/dashboard", "/auth?next=%2Fdashboard"],
    ["//evil.com", "/auth"],
    ["https://evil.com", "/auth"],
  ])("%s → %s", (target, expected) => {
    expect(signInPath(target)).toBe(expected);
  });
});

describe("returnPathAfterSignIn", () => {
  it.each([
    ["/auth", "", "/"],
    ["/auth", "?next=%2Fcommunications%3Fthread%3Dx%26project%3Dy", "/communications?thread=x&project=y"],
    ["/auth", "?next=/testing-feedback", "/testing-feedback"],
    ["/auth", "?next=%2F%2Fevil.com", "/"],
    ["/auth", "?next=https%3A%2F%2Fevil.com", "/"],
    ["/auth", "?next=javascript%3Aalert(1)", "/"],
    ["/auth", "?next=%2Fauth%3Fnext%3D%252Fdashboard", "/"],
    ["/admin", "", "/"],
    ["/admin", "?tab=inbox&thread=abc", "/admin?tab=inbox&thread=abc"],
    ["/admin", "?tab=nda", "/admin?tab=nda"],
    ["/dashboard", "?next=/profile", "/"],
  ])("%s%s → %s", (pathname, search, expected) => {
    expect(returnPathAfterSignIn({ pathname, search })).toBe(expected);
  });
});
