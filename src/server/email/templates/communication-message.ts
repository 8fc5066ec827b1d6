// A new message (or meeting thread) on a project or in general support, to the other side; communication-reply.ts is
// its reply twin.
import { GENERAL_SUPPORT } from "../../../shared/schemas/communications";
import { APP_NAME } from "../layout";
import { threadLink } from "../links";
import { defineEmail } from "../template";

export type ThreadEmailData = {
  /** Whose page the link opens: the console's inbox for the company, the project's Communications for a customer. */
  side: "company" | "customer";
  /** Null for a general support thread (the customer's own conversation with the company). */
  project: { projectCode: string } | null;
  thread: { id: string; subject: string; type: "message" | "meeting" };
  authorName: string;
  excerpt: string;
  /** The meeting's time and link lines, in the recipient's zone; empty for anything else. */
  meetingLines: string[];
  /** Inbound email is on: replying to the email answers in the thread. */
  replyByEmail: boolean;
};

/** Where a thread is, as a subject and a sentence name it: the project's code, or "General support". */
export function threadPlace(project: { projectCode: string } | null): string {
  return project?.projectCode ?? GENERAL_SUPPORT.label;
}

/** The footnote of a thread email: replying by email, or opening the portal. */
export function threadFootnote(data: { project: { projectCode: string } | null; replyByEmail: boolean }): string {
  if (!data.replyByEmail) return `To answer, open the conversation on ${APP_NAME}.`;
  const who = data.project ? "for everyone on the project" : "in your conversation with the team";
  return `Reply to this email to answer in the thread; your reply appears on ${APP_NAME} ${who}.`;
}

export function threadEmail(reply: boolean) {
  return defineEmail<ThreadEmailData>({
    subject: (data) => `${reply ? "Re: " : ""}[${threadPlace(data.project)}] ${data.thread.subject}`,
    link: (appUrl, data) => threadLink(appUrl, data.side, data.project, data.thread.id),
    content: (data, link) => ({
      heading: reply ? `New reply: ${data.thread.subject}` : `New ${data.thread.type}: ${data.thread.subject}`,
      paragraphs: [
        data.project
          ? `${data.authorName} wrote on ${data.project.projectCode}:`
          : `${data.authorName} wrote in General support:`,
        data.excerpt,
        ...data.meetingLines,
      ],
      action: { label: "Open the conversation", url: link },
      footnote: threadFootnote(data),
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
