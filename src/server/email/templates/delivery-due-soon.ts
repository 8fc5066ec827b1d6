// The company, once per project, when an undelivered prototype is due within DELIVERY_REMINDER_HOURS (or overdue).
import { DELIVERY_REMINDER_HOURS } from "../../../shared/domain/delivery-clock";
import { EXAMPLE_PROJECT, subjectPart } from "../layout";
import { companyLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  /** The due time worded in the recipient's zone (email/format-time.ts). */
  due: string;
  /** Already past due when the rule first saw it. */
  late: boolean;
};

const projectTitle = (project: Data["project"]) =>
  project.projectName ? `${project.projectCode} · ${project.projectName}` : project.projectCode;

export default defineEmail<Data>({
  subject: (data) =>
    `${data.late ? "Delivery overdue" : `Delivery due within ${DELIVERY_REMINDER_HOURS} hours`}: ${subjectPart(projectTitle(data.project))}`,
  link: (appUrl) => companyLinks.overdueProjects(appUrl),
  content: (data, link) => ({
    heading: data.late ? "A prototype delivery is overdue" : "A prototype delivery is due soon",
    paragraphs: [
      `${projectTitle(data.project)} is due ${data.due}.`,
      "Publish its first prototype version to deliver it (the project's Versions tab in the console).",
    ],
    action: { label: "Open the overdue list", url: link },
  }),
  example: {
    project: EXAMPLE_PROJECT,
    due: "Thursday, 26 November 2026, 10:00 (UTC+01:00, Europe/Berlin)",
    late: false,
  },
});
