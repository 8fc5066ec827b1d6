// An invitation to a project's team, to the invited address.
import { ACCESS_LEVEL_DESCRIPTIONS, ACCESS_LEVEL_LABELS, type MemberAccessLevel } from "../../../shared/domain/project-access";
import { oneLineExcerpt } from "../../../shared/text/safe-text";
import { APP_NAME, EXAMPLE_PROJECT } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

/** The most of a project's or inviter's name the invitation quotes. */
const NAME_CHARS = 120;

/** The inviter as the invitation (and the invitee's activity) names them: their name, else their address. */
export function inviterName(user: { name: string | null; email: string }): string {
  return oneLineExcerpt(user.name ?? "", NAME_CHARS) || user.email;
}

type Data = {
  /** `inviterName(user)`. */
  inviter: string;
  project: { projectCode: string; projectName: string | null };
  email: string;
  accessLevel: MemberAccessLevel;
};

export default defineEmail<Data>({
  subject: (data) => `You're invited to ${data.project.projectCode} on ${APP_NAME}`,
  link: (appUrl, data) => customerLinks.project(appUrl, data.project),
  content: (data, link) => {
    const { project } = data;
    const projectTitle = project.projectName
      ? `${oneLineExcerpt(project.projectName, NAME_CHARS)} (${project.projectCode})`
      : project.projectCode;
    return {
      heading: "You're invited to a prototype project",
      paragraphs: [
        `${data.inviter} added you to ${projectTitle} on the ${APP_NAME} client portal.`,
        `Your access: ${ACCESS_LEVEL_LABELS[data.accessLevel]} — ${ACCESS_LEVEL_DESCRIPTIONS[data.accessLevel].toLowerCase()}.`,
        `Sign in with this email address (${data.email}). We'll email you a 6-digit code; no password is needed.`,
      ],
      action: { label: `Sign in to ${APP_NAME}`, url: link },
      footnote: "If you did not expect this invitation, you can ignore this email.",
    };
  },
  example: {
    inviter: "Ada Lovelace",
    project: EXAMPLE_PROJECT,
    email: "grace@example.com",
    accessLevel: "user",
  },
});
