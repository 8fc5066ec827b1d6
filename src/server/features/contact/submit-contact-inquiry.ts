// POST /api/contact: throttled per IP, stored, then emailed to the company inbox and, as a confirmation, to the sender.

import { HONEYPOT_FIELD } from "../../../shared/constants/contact";
import { CONTACT_REPLY_PROMISE, RESPONSE_PROMISES } from "../../../shared/constants/marketing";
import { type ContactRequest, contactFormKind } from "../../../shared/schemas/contact";
import { consumeRateLimits } from "../../auth/rate-limit";
import type { AppContext } from "../../context";
import { contactInquiries } from "../../db/schema";
import { APP_NAME, renderEmail } from "../../email/layout";

/** Generous for a person (who sends one or two), tight for a script. */
export const CONTACT_SEND_LIMITS = {
  perIpShort: { max: 5, windowSeconds: 10 * 60 },
  perIpDay: { max: 20, windowSeconds: 24 * 60 * 60 },
} as const;

type ContactOutcome = { accepted: true; stored: boolean };

const LABELS: Array<[keyof ContactRequest, string]> = [
  ["name", "Name"],
  ["email", "Email"],
  ["mobile", "Mobile"],
  ["country", "Country"],
  ["company", "Company"],
  ["phone", "Phone"],
  ["projectType", "Project type"],
  ["budget", "Budget"],
  ["timeline", "Timeline"],
];

function detailLines(request: ContactRequest): string[] {
  return LABELS.flatMap(([key, label]) => {
    const value = request[key];
    return typeof value === "string" && value !== "" ? [`${label}: ${value}`] : [];
  });
}

function blankToNull(value: string | undefined): string | null {
  return value === undefined || value === "" ? null : value;
}

export async function submitContactInquiry(
  ctx: AppContext,
  input: { request: ContactRequest; ip: string },
): Promise<ContactOutcome> {
  const { request, ip } = input;
  // A filled honeypot is a bot: answer as if all went well, so it learns nothing, and keep nothing.
  if (request[HONEYPOT_FIELD]) return { accepted: true, stored: false };

  await consumeRateLimits(
    ctx.db,
    [
      { bucket: "contact-ip-10m", key: ip, ...CONTACT_SEND_LIMITS.perIpShort },
      { bucket: "contact-ip-day", key: ip, ...CONTACT_SEND_LIMITS.perIpDay },
    ],
    "Too many messages from your network. Please wait a few minutes and try again.",
  );

  const form = contactFormKind(request);
  const email = request.email.toLowerCase();
  const body = (form === "long" ? request.message : request.remarks) || "(no message)";
  const inbox = ctx.config.adminEmails[0];

  await ctx.db.transaction(async (tx) => {
    await tx.insert(contactInquiries).values({
      form,
      name: request.name,
      email,
      mobile: blankToNull(request.mobile),
      country: blankToNull(request.country),
      remarks: blankToNull(request.remarks),
      company: blankToNull(request.company),
      phone: blankToNull(request.phone),
      projectType: blankToNull(request.projectType),
      budget: blankToNull(request.budget),
      timeline: blankToNull(request.timeline),
      message: blankToNull(request.message),
      ip,
    });

    if (inbox) {
      const heading = form === "long" ? "New project inquiry" : "New contact message";
      await ctx.email.enqueue(
        {
          kind: "contact-inquiry",
          to: inbox,
          subject: `${heading} from ${request.name}`,
          ...renderEmail({
            heading,
            paragraphs: [...detailLines({ ...request, email }), `Message: ${body}`],
            footnote: `Sent from the ${form === "long" ? "Contact page" : "'Send Us a Message' form"}. Reply to ${email}.`,
          }),
        },
        tx,
      );
    }

    await ctx.email.enqueue(
      {
        kind: "contact-confirmation",
        to: email,
        subject: `We received your message — ${APP_NAME}`,
        ...renderEmail({
          heading: "Thanks, we received your message",
          paragraphs: [
            `Hi ${request.name}, thank you for contacting ${APP_NAME}. We'll get back to you ${CONTACT_REPLY_PROMISE}.`,
            `Our usual response times: ${RESPONSE_PROMISES.map((p) => `${p.topic.toLowerCase()} ${p.within}`).join(", ")}.`,
            `Your message: ${body}`,
          ],
          footnote: "You are receiving this email because this address was entered on our contact form.",
        }),
      },
      tx,
    );
  });

  return { accepted: true, stored: true };
}
