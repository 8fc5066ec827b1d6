import { describe, expect, it } from "vitest";
import { z } from "zod";
import { memoizedSerializerCompiler } from "./memoized-serializer";

let checks = 0;
const schema = z.object({ id: z.string(), name: z.string() }).superRefine(() => {
  checks++;
});
const compile = () =>
  memoizedSerializerCompiler({ schema, method: "GET", url: "/x", httpStatus: "200" } as Parameters<
    typeof memoizedSerializerCompiler
  >[0]);

describe("the memoized response serializer", () => {
  it("checks and stringifies one answer object once, however often it is sent", () => {
    const serialize = compile();
    const answer = { id: "1", name: "Ada" };
    checks = 0;
    expect(serialize(answer)).toBe('{"id":"1","name":"Ada"}');
    expect(serialize(answer)).toBe('{"id":"1","name":"Ada"}');
    expect(checks).toBe(1);
  });

  it("serializes each fresh object on its own, and still refuses an answer that breaks the schema", () => {
    const serialize = compile();
    expect(serialize({ id: "1", name: "Ada" })).toBe('{"id":"1","name":"Ada"}');
    expect(serialize({ id: "2", name: "Bo" })).toBe('{"id":"2","name":"Bo"}');
    expect(() => serialize({ id: 3 })).toThrow();
  });
});
