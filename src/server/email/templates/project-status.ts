// The customer's project moved to another status by the company (sent once the change settles:
// features/admin/status-email.ts).
import { statusLabel } from "../../../shared/domain/project-status";
import { APP_NAME, EXAMPLE_PROJECT, projectTitle, subjectPart } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  /** The owner's full name (or account name), when known. */
  greeting: string | null;
  project: { projectCode: string; projectName: string | null };
  from: string;
  to: string;
};

export default defineEmail<Data>({
  subject: (data) => `${data.project.projectCode}: ${statusLabel(data.to)}`,
  link: (appUrl) => customerLinks.dashboard(appUrl),
  content: (data, link) => {
    const { project } = data;
    return {
      heading: `Your project is now: ${statusLabel(data.to)}`,
      paragraphs: [
        `${data.greeting ? `Hi ${subjectPart(data.greeting)}, the` : "The"} ${APP_NAME} team moved ${projectTitle(project)} from "${statusLabel(data.from)}" to "${statusLabel(data.to)}".`,
        "Your dashboard shows what happens next.",
      ],
      action: { label: "Open your dashboard", url: link },
    };
  },
  example: {
    greeting: "Ada Lovelace",
    project: EXAMPLE_PROJECT,
    from: "requirements",
    to: "development",
  },
});
