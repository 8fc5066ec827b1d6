// The sign-in code (auth/code-email.ts issues the code).
import { APP_NAME, CODE_EXPIRY_NOTE } from "../layout";
import { defineEmail } from "../template";

type Data = { name: string; code: string };

export default defineEmail<Data>({
  subject: () => `Your ${APP_NAME} sign-in code`,
  link: null,
  content: (data) => ({
    heading: "Your sign-in code",
    paragraphs: [`Hi ${data.name}, use this code to sign in to the ${APP_NAME} client portal.`],
    code: data.code,
    footnote: `${CODE_EXPIRY_NOTE}, in the browser where you asked for it. If you did not ask for it, you can ignore this email.`,
  }),
  example: { name: "Ada Lovelace", code: "123456" },
});
