// The hand-over package's bounds and what the portal says about them: the server enforces them, the download button
// shows the same words before anything is streamed.
import { formatBytes } from "./document-meta";

/** The most one package may hold (its files' bytes): past it, the download is refused before it starts. */
export const HANDOVER_MAX_BYTES = 1024 * 1024 * 1024;

/** Each package reads every file it holds: 5 an hour per user, whichever projects they are for. */
export const HANDOVER_DOWNLOADS = { max: 5, windowSeconds: 60 * 60 } as const;

export const HANDOVER_MESSAGES = {
  notReady: "The hand-over package is ready once the project is completed.",
  forMembersOnly: "The hand-over package is for the project owner, Admin members and the company.",
  tooLarge: (bytes: number, maxBytes: number) =>
    `This hand-over package holds ${formatBytes(bytes)} of files, more than the ${formatBytes(maxBytes)} one download may hold. Ask the Blueprint team in Communications to send it to you.`,
  inFlight: "Your previous hand-over package is still downloading. Please wait until it has finished, then try again.",
  throttled: "You have downloaded the hand-over package several times recently. Please try again later.",
  /** index.md's line for a member, whose package leaves out the owner's NDA. */
  ndaWithOwner: "The signed NDA is the agreement of the project's owner: it is with them, not in this package.",
} as const;
