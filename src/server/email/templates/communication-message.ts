// A new message (or meeting thread) on a project, to the other side; communication-reply.ts is its reply twin.
import { APP_NAME } from "../layout";
import { threadLink } from "../links";
import { defineEmail } from "../template";

export type ThreadEmailData = {
  /** Whose page the link opens: the console's inbox for the company, the project's Communications for a customer. */
  side: "company" | "customer";
  project: { projectCode: string };
  thread: { id: string; subject: string; type: "message" | "meeting" };
  authorName: string;
  excerpt: string;
  /** The meeting's time and link lines, in the recipient's zone; empty for anything else. */
  meetingLines: string[];
  /** Inbound email is on: replying to the email answers in the thread. */
  replyByEmail: boolean;
};

export function threadEmail(reply: boolean) {
  return defineEmail<ThreadEmailData>({
    subject: (data) => `${reply ? "Re: " : ""}[${data.project.projectCode}] ${data.thread.subject}`,
    link: (appUrl, data) => threadLink(appUrl, data.side, data.project, data.thread.id),
    content: (data, link) => ({
      heading: reply ? `New reply: ${data.thread.subject}` : `New ${data.thread.type}: ${data.thread.subject}`,
      paragraphs: [`${data.authorName} wrote on ${data.project.projectCode}:`, data.excerpt, ...data.meetingLines],
      action: { label: "Open the conversation", url: link },
      footnote: data.replyByEmail
        ? `Reply to this email to answer in the thread; your reply appears on ${APP_NAME} for everyone on the project.`
        : `To answer, open the conversation on ${APP_NAME}.`,
    }),
    example: {
      side: "customer",
      project: { projectCode: "BP-0001" },
      thread: { id: "00000000-0000-4000-8000-000000000001", subject: "Kick-off", type: "message" },
      authorName: "Grace Hopper",
      excerpt: "Welcome aboard: here is the plan for the first week.",
      meetingLines: [],
      replyByEmail: false,
    },
  });
}

export default threadEmail(false);
