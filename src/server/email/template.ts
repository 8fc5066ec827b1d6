// What one email kind's template file declares (templates/<kind>.ts): its subject, the link its button opens, its
// content, and an example of its data. The kind's record (email/kinds.ts) pairs it with its preference category.
import type { EmailContent } from "./layout";

/** A builder from email/links.ts applied to the email's data. (Declared as a method: any template fits the record.) */
type LinkBuilder<D> = { build(appUrl: string, data: D): string }["build"];

type Linked<D> = {
  /** The page the email's button opens: always a builder from email/links.ts, so a signed-out reader lands there. */
  link: LinkBuilder<D>;
  content(data: D, link: string): EmailContent;
};

type Unlinked<D> = {
  /** No page to open (a code, a receipt). */
  link: null;
  content(data: D): EmailContent;
};

export type EmailTemplate<D> = {
  /** The subject line; what a user typed goes through `subjectPart` (email/layout.ts). */
  subject(data: D): string;
  /** Data the catalogue test renders every kind with (email/kinds.test.ts), and a preview's. */
  example: D;
} & (Linked<D> | Unlinked<D>);

/** Declares a template: `export default defineEmail<Data>({ subject, link, content, example })`. */
export function defineEmail<D>(template: EmailTemplate<D>): EmailTemplate<D> {
  return template;
}
