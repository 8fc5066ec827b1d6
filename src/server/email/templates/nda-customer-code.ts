// The code a customer signs the NDA with.
import { NDA_TITLE } from "../../../shared/domain/nda-agreement";
import { APP_NAME, CODE_EXPIRY_NOTE } from "../layout";
import { defineEmail } from "../template";

type Data = { customerName: string; companyName: string; code: string };

export default defineEmail<Data>({
  subject: () => `Your ${APP_NAME} NDA signing code`,
  link: null,
  content: (data) => ({
    heading: "Sign your NDA",
    paragraphs: [
      `Hi ${data.customerName}, use this code to sign the ${NDA_TITLE} between ${data.companyName} and ${APP_NAME}.`,
      "Enter it on the NDA Agreement tab together with your signature.",
    ],
    code: data.code,
    footnote: `${CODE_EXPIRY_NOTE}. If you did not ask for it, you can ignore this email.`,
  }),
  example: { customerName: "Ada Lovelace", companyName: "Analytical Engines Ltd", code: "123456" },
});
