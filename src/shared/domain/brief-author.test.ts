import { describe, expect, it } from "vitest";
import { aiAuthor, authorLabel, BUILTIN_AUTHOR, editedAuthor } from "./brief-author";

describe("brief author tags", () => {
  it.each([
    [BUILTIN_AUTHOR, "Built-in composer"],
    [editedAuthor(BUILTIN_AUTHOR), "Built-in composer, edited"],
    [aiAuthor("gpt-4o-mini"), "AI model gpt-4o-mini"],
    [editedAuthor(editedAuthor(aiAuthor("llama3:8b"))), "AI model llama3:8b, edited"],
    [editedAuthor(null), "Written by you"],
    [editedAuthor("customer"), "Written by you"],
  ])("%s reads %s", (tag, label) => {
    expect(authorLabel(tag)).toBe(label);
  });
});
