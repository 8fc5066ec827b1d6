// A progress update posted by the company, to the project's owner and members ("Progress updates" in their choices).
import { healthLabel, type UpdateHealth } from "../../../shared/schemas/updates";
import { markdownToPlainText } from "../../../shared/text/markdown";
import { EXAMPLE_PROJECT, projectTitle, subjectPart } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string; projectName: string | null };
  health: UpdateHealth;
  authorName: string | null;
  /** The summary as written (Markdown), cut to 3,000 characters; the dashboard shows it whole. */
  summary: string;
  nextSteps: string | null;
  imageCount: number;
};

/** The Markdown's blocks as the email's paragraphs, in plain words: no `**` or `#` marks, links with their address. */
const paragraphsOf = (markdown: string) =>
  markdownToPlainText(markdown)
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

export default defineEmail<Data>({
  subject: (data) => `Progress update (${healthLabel(data.health)}): ${subjectPart(projectTitle(data.project))}`,
  link: (appUrl, data) => customerLinks.project(appUrl, data.project),
  content: (data, link) => ({
    heading: `Progress update on ${projectTitle(data.project)}`,
    paragraphs: [
      `Health: ${healthLabel(data.health)}${data.authorName ? ` · posted by ${data.authorName}` : ""}`,
      ...paragraphsOf(data.summary),
      ...(data.nextSteps ? ["Next steps:", ...paragraphsOf(data.nextSteps)] : []),
      ...(data.imageCount > 0
        ? [`${data.imageCount} ${data.imageCount === 1 ? "image is" : "images are"} attached to the update on your dashboard.`]
        : []),
    ],
    action: { label: "Open your dashboard", url: link },
  }),
  example: {
    project: EXAMPLE_PROJECT,
    health: "on_track",
    authorName: "Priya from Blueprint",
    summary: "The checkout flow is built and clickable.\n\nNext we wire the order history.",
    nextSteps: "- Order history\n- Empty states",
    imageCount: 2,
  },
});
