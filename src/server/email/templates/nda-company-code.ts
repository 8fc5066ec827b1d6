// The code an admin approves a signed NDA with.
import { NDA_TITLE } from "../../../shared/domain/nda-agreement";
import { APP_NAME, CODE_EXPIRY_NOTE } from "../layout";
import { defineEmail } from "../template";

type Data = { customerName: string; companyName: string; code: string };

export default defineEmail<Data>({
  subject: () => `Your ${APP_NAME} NDA approval code`,
  link: null,
  content: (data) => ({
    heading: "Approve an NDA",
    paragraphs: [`Use this code to approve the ${NDA_TITLE} signed by ${data.customerName} of ${data.companyName}.`],
    code: data.code,
    footnote: `${CODE_EXPIRY_NOTE}.`,
  }),
  example: { customerName: "Ada Lovelace", companyName: "Analytical Engines Ltd", code: "123456" },
});
