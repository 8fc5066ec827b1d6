import { describe, expect, it } from "vitest";
import { meetingTiming } from "../constants/meetings";
import { COMMUNICATION_MESSAGES, newCommunicationSchema } from "./communications";
import { isMeetingLink } from "./meeting-link";

describe("the New Communication rules", () => {
  const soon = () => new Date(Date.now() + 3600_000).toISOString();
  it("a message needs only subject and content; link and time are ignored", () => {
    expect(
      newCommunicationSchema.safeParse({ type: "message", subject: "Hi", content: "Hello", meetingUrl: "", scheduledFor: null })
        .success,
    ).toBe(true);
  });

  it("a meeting needs a real link and a time that is not in the past (a minute's grace for the picker)", () => {
    const base = { type: "meeting", subject: "Call", content: "Agenda" } as const;
    expect(
      newCommunicationSchema.safeParse({ ...base, meetingUrl: "https://meet.google.com/abc-defg-hij", scheduledFor: soon() })
        .success,
    ).toBe(true);
    const justNow = new Date(Date.now() - 30_000).toISOString();
    expect(
      newCommunicationSchema.safeParse({ ...base, meetingUrl: "https://zoom.us/j/123", scheduledFor: justNow }).success,
    ).toBe(true);
    const past = newCommunicationSchema.safeParse({
      ...base,
      meetingUrl: "https://zoom.us/j/123",
      scheduledFor: "2020-01-01T10:00:00Z",
    });
    expect(past.error?.issues.map((i) => i.message)).toEqual([COMMUNICATION_MESSAGES.scheduledForPast]);
  });

  it("meeting links are https addresses with a path, never the bare prefix or another scheme", () => {
    expect(isMeetingLink("https://meet.google.com/abc-defg-hij")).toBe(true);
    expect(isMeetingLink("https://meet.google.com/")).toBe(false);
    expect(isMeetingLink("http://meet.google.com/abc")).toBe(false);
    expect(isMeetingLink("javascript:alert(1)")).toBe(false);
    expect(isMeetingLink("https://user:pw@meet.google.com/abc")).toBe(false);
  });
});

describe("Scheduled Meetings", () => {
  it("tells Upcoming from Past", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    expect(meetingTiming("2026-06-03T09:00:00Z", now)).toBe("upcoming");
    expect(meetingTiming("2026-05-30T09:00:00Z", now)).toBe("past");
  });
});
