// To the company: an outgoing webhook endpoint failed for a day and was paused (features/webhooks/deliver.ts).
import { defineEmail } from "../template";

type Data = { url: string; failingSince: string; lastError: string };

export default defineEmail<Data>({
  subject: () => "A webhook endpoint was paused after a day of failed deliveries",
  link: null,
  content: (data) => ({
    heading: "Webhook endpoint paused",
    paragraphs: [
      `Every delivery to ${data.url} has failed since ${data.failingSince} (UTC), so the portal paused the endpoint.`,
      `The last attempt: ${data.lastError}.`,
      "While it is paused it gets no new events. Fix the receiver, then resume the endpoint in the console's Integrations tab: the events still waiting are sent in order, and failed ones can be resent from its delivery log.",
    ],
  }),
  example: {
    url: "https://crm.example.com/hooks/blueprint",
    failingSince: "2026-12-07T09:30:00.000Z",
    lastError: "answered 503",
  },
});
