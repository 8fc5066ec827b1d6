// A customer's new message threads collected for the company: after the first (sent at once as
// communication-message), those the same customer starts within THREAD_BATCH_MINUTES go in one email at the end of
// that time, across their projects (issue 26, item 5).
import { APP_NAME } from "../layout";
import { companyLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  authorName: string;
  /** The threads listed, oldest first, each worded "[<project code>] <subject>: <excerpt>". */
  threads: string[];
  /** How many earlier threads of the batch are not listed (in the inbox only). */
  notListed: number;
};

export default defineEmail<Data>({
  subject: (data) => {
    const count = data.threads.length + data.notListed;
    return `${count} new ${count === 1 ? "message" : "messages"} from ${data.authorName}`;
  },
  link: (appUrl) => companyLinks.inbox(appUrl),
  content: (data, link) => {
    const count = data.threads.length + data.notListed;
    return {
      heading: `${data.authorName} started ${count} new ${count === 1 ? "conversation" : "conversations"}`,
      paragraphs: [...(data.notListed > 0 ? [`${data.notListed} earlier ones are in the inbox.`] : []), ...data.threads],
      action: { label: "Open the inbox", url: link },
      footnote: `To answer, open each conversation on ${APP_NAME}.`,
    };
  },
  example: {
    authorName: "Ada Lovelace",
    threads: ["[BP-0001] Login screen: The logo is blurry on phones.", "[BP-0001] Pricing page: Can we add a yearly plan?"],
    notListed: 0,
  },
});
