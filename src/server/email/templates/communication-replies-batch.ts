// A customer's replies in one thread collected for the company: after the first reply (sent at once as
// communication-reply), those within REPLY_BATCH_MINUTES go in one email at the end of that time.
import { companyLinks } from "../links";
import { defineEmail } from "../template";
import { threadFootnote, threadPlace } from "./communication-message";

type Data = {
  /** Null for a general support thread. */
  project: { projectCode: string } | null;
  thread: { id: string; subject: string };
  /** The replies listed, oldest first, each worded "<name> wrote: <excerpt>". */
  replies: string[];
  /** How many earlier replies of the batch are not listed (in the thread only). */
  notListed: number;
  replyByEmail: boolean;
};

export default defineEmail<Data>({
  subject: (data) => `Re: [${threadPlace(data.project)}] ${data.thread.subject}`,
  link: (appUrl, data) => companyLinks.thread(appUrl, data.thread.id),
  content: (data, link) => {
    const count = data.replies.length + data.notListed;
    return {
      heading: `${count} new ${count === 1 ? "reply" : "replies"}: ${data.thread.subject}`,
      paragraphs: [...(data.notListed > 0 ? [`${data.notListed} earlier replies are in the thread.`] : []), ...data.replies],
      action: { label: "Open the conversation", url: link },
      footnote: threadFootnote(data),
    };
  },
  example: {
    project: { projectCode: "BP-0001" },
    thread: { id: "00000000-0000-4000-8000-000000000001", subject: "Kick-off" },
    replies: ["Ada Lovelace wrote: One more thing about the login screen.", "Ada Lovelace wrote: And the logo."],
    notListed: 0,
    replyByEmail: false,
  },
});
