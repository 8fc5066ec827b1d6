// Who wrote a brief, as stored in requirements.brief_generated_by: "builtin" (the built-in composer), "ai:<model>",
// "customer" (typed from scratch), each with "+edited" once the customer changed the text. Written once here for
// the server (writing the tag) and the client (showing it).

export const BUILTIN_AUTHOR = "builtin";
const CUSTOMER_AUTHOR = "customer";
const EDITED = "+edited";

export function aiAuthor(model: string): string {
  return `ai:${model}`;
}

/** The tag after the customer edits the text: "+edited" added once; a brief with no author is the customer's. */
export function editedAuthor(author: string | null): string {
  if (!author) return CUSTOMER_AUTHOR;
  return author.endsWith(EDITED) || author === CUSTOMER_AUTHOR ? author : `${author}${EDITED}`;
}

export function readAuthor(author: string): { kind: "builtin" | "ai" | "customer"; model: string | null; edited: boolean } {
  const edited = author.endsWith(EDITED);
  const base = edited ? author.slice(0, -EDITED.length) : author;
  if (base === BUILTIN_AUTHOR) return { kind: "builtin", model: null, edited };
  if (base.startsWith("ai:")) return { kind: "ai", model: base.slice(3), edited };
  return { kind: "customer", model: null, edited };
}

/** "Built-in composer", "AI model gpt-4o-mini, edited", "Written by you". */
export function authorLabel(author: string | null): string | null {
  if (!author) return null;
  const { kind, model, edited } = readAuthor(author);
  const source = kind === "builtin" ? "Built-in composer" : kind === "ai" ? `AI model ${model}` : "Written by you";
  return edited ? `${source}, edited` : source;
}
