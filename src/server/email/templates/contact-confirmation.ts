// The receipt a contact form's sender gets. Anyone can type any address into the form: the acknowledgement repeats
// nothing they typed (no name, no message), so it cannot carry a stranger's words to someone else's inbox.
import { CONTACT_REPLY_PROMISE, RESPONSE_PROMISES } from "../../../shared/constants/marketing";
import { APP_NAME } from "../layout";
import { defineEmail } from "../template";

type Data = Record<string, never>;

export default defineEmail<Data>({
  subject: () => `We received your message — ${APP_NAME}`,
  link: null,
  content: () => ({
    heading: "Thanks, we received your message",
    paragraphs: [
      `Hello, thank you for contacting ${APP_NAME}. We'll get back to you ${CONTACT_REPLY_PROMISE}.`,
      `Our usual response times: ${RESPONSE_PROMISES.map((p) => `${p.topic.toLowerCase()} ${p.within}`).join(", ")}.`,
    ],
    footnote: "You are receiving this email because this address was entered on our contact form.",
  }),
  example: {},
});
