// The code that confirms deleting a customer's account.
import { APP_NAME, CODE_EXPIRY_NOTE } from "../layout";
import { defineEmail } from "../template";

type Data = { email: string; code: string };

export default defineEmail<Data>({
  subject: () => `Your ${APP_NAME} account deletion code`,
  link: null,
  content: (data) => ({
    heading: "Confirm deleting your account",
    paragraphs: [
      `Use this code to delete your ${APP_NAME} account (${data.email}). Your profile, projects, messages and feedback will be erased; signed NDAs and invoices are kept only as the law requires.`,
    ],
    code: data.code,
    footnote: `${CODE_EXPIRY_NOTE}. If you did not ask to delete your account, ignore this email; nothing changes.`,
  }),
  example: { email: "ada@example.com", code: "123456" },
});
