// An owner's invitation to the company's team (issue 44 §1), to the invited address: its button opens the console,
// which sends a signed-out reader to sign in with this address first.
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, type StaffRole } from "../../../shared/domain/staff-roles";
import { oneLineExcerpt } from "../../../shared/text/safe-text";
import { APP_NAME } from "../layout";
import { companyLinks } from "../links";
import { defineEmail } from "../template";

type Data = { inviter: string; name: string; email: string; role: StaffRole };

export default defineEmail<Data>({
  subject: () => `You're invited to the ${APP_NAME} team`,
  link: (appUrl) => companyLinks.console(appUrl),
  content: (data, link) => ({
    heading: `Join the ${APP_NAME} team`,
    paragraphs: [
      `Hi ${oneLineExcerpt(data.name, 120)}, ${oneLineExcerpt(data.inviter, 120)} invited you to the ${APP_NAME} console as ${STAFF_ROLE_LABELS[data.role]}.`,
      `Your access: ${STAFF_ROLE_LABELS[data.role]} — ${STAFF_ROLE_DESCRIPTIONS[data.role]}`,
      `Sign in with this email address (${data.email}). We'll email you a 6-digit code; no password is needed.`,
    ],
    action: { label: `Sign in to ${APP_NAME}`, url: link },
    footnote: "If you did not expect this invitation, you can ignore this email.",
  }),
  example: { inviter: "Ada Lovelace", name: "Grace Hopper", email: "grace@blueprint.local", role: "manager" },
});
