// Which projects their owner may delete: only an empty one (nothing anyone wrote, paid, was invoiced or was invited
// to). The server counts what the project holds; this rule says whether that blocks deletion and why, in words.

/** What a project holds that deleting it would lose. */
export type ProjectContents = {
  /** Requirements answers saved (any question). */
  answers: boolean;
  /** A payment received or recorded, or a payment link sent. */
  payments: boolean;
  /** An invoice or a BRD document uploaded. */
  documents: boolean;
  members: number;
  feedback: number;
  messages: number;
  meetingRequests: number;
};

const WHAT: Array<[keyof ProjectContents, string]> = [
  ["answers", "requirements answers"],
  ["payments", "payments"],
  ["documents", "invoices or documents"],
  ["members", "team members"],
  ["feedback", "feedback"],
  ["messages", "messages"],
  ["meetingRequests", "meeting requests"],
];

/** What the project holds, in words, in a fixed order; empty when the project may be deleted. */
export function projectDeletionBlockers(contents: ProjectContents): string[] {
  return WHAT.filter(([key]) => Boolean(contents[key])).map(([, words]) => words);
}

function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The refusal shown to the owner, or null when the project is empty. */
export function projectDeletionRefusal(contents: ProjectContents): string | null {
  const blockers = projectDeletionBlockers(contents);
  if (blockers.length === 0) return null;
  return `This project can't be deleted because it has ${listInWords(blockers)}. Only an empty project can be deleted.`;
}
