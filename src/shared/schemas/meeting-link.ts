// A meeting link: an https address with a path (a Google Meet style link such as https://meet.google.com/abc-defg-hij).
import { z } from "zod";
import { MEET_LINK_PREFIX } from "../constants/meetings";
import { hasUnsafeCharacters } from "../text/safe-text";
import { webAddressHref } from "./text-fields";

export const MEETING_LINK_MESSAGES = {
  required: "Please enter the meeting link",
  invalid: "Please enter a valid meeting link (https://...)",
} as const;

export function isMeetingLink(value: string): boolean {
  if (value.length > 500 || value === MEET_LINK_PREFIX || hasUnsafeCharacters(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && url.pathname.length > 1 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A valid meeting link as it is stored and sent: the parsed address. */
export function meetingLinkHref(value: string): string {
  return webAddressHref(value) ?? value;
}

export const meetingLinkSchema = z
  .string({ error: MEETING_LINK_MESSAGES.required })
  .refine((value) => !hasUnsafeCharacters(value), MEETING_LINK_MESSAGES.invalid)
  .trim()
  .min(1, MEETING_LINK_MESSAGES.required)
  .refine((value) => value === MEET_LINK_PREFIX || isMeetingLink(value), MEETING_LINK_MESSAGES.invalid)
  .refine((value) => value !== MEET_LINK_PREFIX, MEETING_LINK_MESSAGES.required);
