import { describe, expect, it } from "vitest";
import {
  answeredCount,
  canGenerateBrief,
  EMPTY_ANSWERS,
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
    const messages = [
      "techStack",
      "problemStatement",
      "targetUsers",
      "currentSolution",
      "coreFunctionality",
      "idealWorkflow",
      "successCriteria",
    ].map((field) => REQUIREMENT_MESSAGES[field as keyof typeof REQUIREMENT_MESSAGES]);
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
      "a short optional answer",
      { projectName: "Shop", problemStatement: "We lose orders weekly.", techStack: "PHP" },
      false,
      ["techStack"],
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

  it("counts answered questions by their rules", () => {
    expect(answeredCount({ projectName: "Shop", problemStatement: "short", techStack: "React and Node.js" })).toBe(2);
  });
});

describe("when a brief can be generated", () => {
  it.each([
    [null, false],
    ["", false],
    ["  short   ", false],
    ["Book slots", true],
    ["Patients book slots online", true],
  ])("core functionality %j: %s", (coreFunctionality, expected) => {
    expect(canGenerateBrief({ coreFunctionality })).toBe(expected);
  });
});
