// POST /api/contact: throttled per IP, stored, then emailed to the company inbox and, as a confirmation, to the sender.
import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { HONEYPOT_FIELD } from "../../../shared/constants/contact";
import { type ContactRequest, contactFormKind } from "../../../shared/schemas/contact";
import { consumeRateLimits } from "../../auth/rate-limit";
import type { AppContext } from "../../context";
import { contactInquiries } from "../../db/schema";

/** Generous for a person (who sends one or two), tight for a script. */
export const CONTACT_SEND_LIMITS = {
  perIpShort: { max: 5, windowSeconds: 10 * 60 },
  perIpDay: { max: 20, windowSeconds: 24 * 60 * 60 },
} as const;

/** The same message from the same address within this window is one inquiry (a double click, a resent form). */
export const DUPLICATE_WINDOW_SECONDS = 10 * 60;

export type ContactOutcome = { accepted: true; stored: boolean; duplicate?: boolean };

/** What makes two submissions "the same": every field as stored, the email lower-cased. */
function fingerprintOf(form: "short" | "long", request: ContactRequest): string {
  const fields = LABELS.map(([key]) => (key === "email" ? request.email.toLowerCase() : (request[key] ?? "")));
  return createHash("sha256")
    .update(JSON.stringify([form, ...fields, request.remarks ?? "", request.message ?? ""]))
    .digest("hex");
}

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

  const fingerprint = fingerprintOf(form, request);

  const stored = await ctx.db.transaction(async (tx) => {
    // Serialises identical submissions (two requests from one double click arrive together), then keeps the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${fingerprint}))`);
    const [earlier] = await tx
      .select({ id: contactInquiries.id })
      .from(contactInquiries)
      .where(
        and(
          eq(contactInquiries.fingerprint, fingerprint),
          gt(contactInquiries.createdAt, new Date(Date.now() - DUPLICATE_WINDOW_SECONDS * 1000)),
        ),
      )
      .limit(1);
    if (earlier) return false;

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
      fingerprint,
    });

    if (inbox) {
      await ctx.email.enqueue(
        {
          kind: "contact-inquiry",
          to: inbox,
          data: { form, name: request.name, email, details: detailLines({ ...request, email }), body },
        },
        tx,
      );
    }

    await ctx.email.enqueue({ kind: "contact-confirmation", to: email, data: {} }, tx);
    return true;
  });

  return stored ? { accepted: true, stored: true } : { accepted: true, stored: false, duplicate: true };
}
