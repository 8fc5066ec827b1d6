import { describe, expect, it } from "vitest";
import {
  answeredCount,
  EMPTY_ANSWERS,
  missesGenerateMinimum,
  missesSaveMinimum,
  REQUIREMENT_MESSAGES,
  REQUIREMENT_QUESTIONS,
  saveErrors,
} from "./requirements";

describe("the questionnaire", () => {
  it("asks every field of the requirements with a hint and an example", () => {
    expect(REQUIREMENT_QUESTIONS.map((q) => q.field).sort()).toEqual(Object.keys(EMPTY_ANSWERS).sort());
    for (const question of REQUIREMENT_QUESTIONS) {
      expect(question.hint.length, question.field).toBeGreaterThan(20);
      expect(question.example.length, question.field).toBeGreaterThan(10);
    }
  });

  it("has a message of its own for each of the seven long answers", () => {
    const longAnswers = REQUIREMENT_QUESTIONS.filter((q) => q.required && q.multiline);
    const messages = longAnswers.map((q) => REQUIREMENT_MESSAGES[q.field as keyof typeof REQUIREMENT_MESSAGES]);
    expect(longAnswers).toHaveLength(7);
    expect(messages).not.toContain(undefined);
    expect(new Set(messages).size).toBe(7);
  });
});

describe("the save rules", () => {
  it.each([
    ["nothing", {}, true, ["projectName", "problemStatement"]],
    ["a name only", { projectName: "Shop" }, true, ["problemStatement"]],
    ["a short name", { projectName: "AB", problemStatement: "We lose orders weekly." }, false, ["projectName"]],
    ["the minimum", { projectName: "Shop", problemStatement: "We lose orders weekly." }, false, []],
    [
      "a half-typed other answer (a draft)",
      { projectName: "Shop", problemStatement: "We lose orders weekly.", techStack: "PHP" },
      false,
      [],
    ],
    [
      "a 121-character name",
      { projectName: "N".repeat(121), problemStatement: "We lose orders weekly." },
      false,
      ["projectName"],
    ],
    [
      "short additional requirements",
      { projectName: "Shop", problemStatement: "We lose orders weekly.", additionalRequirements: "EU" },
      false,
      [],
    ],
    ["blank answers", { projectName: "   ", problemStatement: "          " }, true, ["projectName", "problemStatement"]],
  ])("with %s", (_name, answers, missesMinimum, fields) => {
    expect(missesSaveMinimum(answers)).toBe(missesMinimum);
    expect(Object.keys(saveErrors(answers)).sort()).toEqual([...fields].sort());
  });

  it("says the project name's limit", () => {
    const answers = { projectName: "N".repeat(121), problemStatement: "We lose orders weekly." };
    expect(saveErrors(answers)).toEqual({ projectName: "At most 120 characters" });
    expect(saveErrors({ ...answers, projectName: "N".repeat(120) })).toEqual({});
  });

  it("refuses an answer over the maximum, even an optional one", () => {
    const long = "x".repeat(5001);
    const answers = { projectName: "Shop", problemStatement: "We lose orders weekly.", additionalRequirements: long };
    expect(saveErrors(answers)).toEqual({ additionalRequirements: REQUIREMENT_MESSAGES.tooLong });
  });

  it("lets Generate AI Brief go ahead only with the core functionality at its minimum", () => {
    expect(missesGenerateMinimum({ coreFunctionality: " booking  " })).toBe(true);
    expect(missesGenerateMinimum({ coreFunctionality: "Online booking" })).toBe(false);
  });

  it("counts answered questions by their rules", () => {
    expect(answeredCount({ projectName: "Shop", problemStatement: "short", techStack: "React and Node.js" })).toBe(2);
  });
});
