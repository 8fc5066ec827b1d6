// A customer's meeting request, to the company.
import { type MeetingUrgency, URGENCY_LABELS, URGENCY_MEANINGS } from "../../../shared/constants/meetings";
import { companyLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  requestId: string;
  projectCode: string;
  requesterName: string;
  subject: string;
  urgency: MeetingUrgency;
  preferredDates: string | null;
  description: string | null;
};

export default defineEmail<Data>({
  subject: (data) => `[${data.projectCode}] Meeting requested: ${data.subject}`,
  link: (appUrl, data) => companyLinks.meetingRequest(appUrl, data.requestId),
  content: (data, link) => ({
    heading: `Meeting requested: ${data.subject}`,
    paragraphs: [
      `${data.requesterName} requested a meeting on ${data.projectCode}.`,
      `Urgency: ${URGENCY_LABELS[data.urgency]} (${URGENCY_MEANINGS[data.urgency].toLowerCase()})`,
      ...(data.preferredDates ? [`Preferred times: ${data.preferredDates}`] : []),
      ...(data.description ? [data.description] : []),
    ],
    action: { label: "Respond in the admin console", url: link },
    footnote: "Meeting requests are confirmed within 24 hours.",
  }),
  example: {
    requestId: "00000000-0000-4000-8000-000000000002",
    projectCode: "BP-0001",
    requesterName: "Ada Lovelace",
    subject: "Design review",
    urgency: "medium",
    preferredDates: "Tuesday morning",
    description: null,
  },
});
