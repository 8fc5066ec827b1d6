// The receipt a contact form's sender gets.
import { CONTACT_REPLY_PROMISE, RESPONSE_PROMISES } from "../../../shared/constants/marketing";
import { APP_NAME } from "../layout";
import { defineEmail } from "../template";

type Data = { name: string; body: string };

export default defineEmail<Data>({
  subject: () => `We received your message — ${APP_NAME}`,
  link: null,
  content: (data) => ({
    heading: "Thanks, we received your message",
    paragraphs: [
      `Hi ${data.name}, thank you for contacting ${APP_NAME}. We'll get back to you ${CONTACT_REPLY_PROMISE}.`,
      `Our usual response times: ${RESPONSE_PROMISES.map((p) => `${p.topic.toLowerCase()} ${p.within}`).join(", ")}.`,
      `Your message: ${data.body}`,
    ],
    footnote: "You are receiving this email because this address was entered on our contact form.",
  }),
  example: { name: "Ada Lovelace", body: "We would like a prototype of our ordering app." },
});
