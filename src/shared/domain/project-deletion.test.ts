import { describe, expect, it } from "vitest";
import { type ProjectContents, projectDeletionRefusal } from "./project-deletion";

const EMPTY: ProjectContents = {
  answers: false,
  payments: false,
  documents: false,
  members: 0,
  feedback: 0,
  messages: 0,
  meetingRequests: 0,
};

describe("deleting a project", () => {
  it.each<[Partial<ProjectContents>, string | null]>([
    [{}, null],
    [
      { answers: true },
      "This project can't be deleted because it has requirements answers. Only an empty project can be deleted.",
    ],
    [{ payments: true }, "This project can't be deleted because it has payments. Only an empty project can be deleted."],
    [
      { documents: true },
      "This project can't be deleted because it has invoices or documents. Only an empty project can be deleted.",
    ],
    [{ members: 2 }, "This project can't be deleted because it has team members. Only an empty project can be deleted."],
    [{ feedback: 1 }, "This project can't be deleted because it has feedback. Only an empty project can be deleted."],
    [{ messages: 3 }, "This project can't be deleted because it has messages. Only an empty project can be deleted."],
    [
      { meetingRequests: 1 },
      "This project can't be deleted because it has meeting requests. Only an empty project can be deleted.",
    ],
    [
      { answers: true, members: 1 },
      "This project can't be deleted because it has requirements answers and team members. Only an empty project can be deleted.",
    ],
    [
      { members: 1, feedback: 2, meetingRequests: 1 },
      "This project can't be deleted because it has team members, feedback and meeting requests. Only an empty project can be deleted.",
    ],
  ])("holding %j: %s", (contents, expected) => {
    expect(projectDeletionRefusal({ ...EMPTY, ...contents })).toBe(expected);
  });
});
