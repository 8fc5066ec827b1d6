// A contact form's message, to the company's inbox.
import { subjectPart } from "../layout";
import { defineEmail } from "../template";

type Data = {
  form: "short" | "long";
  name: string;
  email: string;
  /** "Label: value" lines of the fields the sender filled. */
  details: string[];
  body: string;
};

const heading = (data: Data) => (data.form === "long" ? "New project inquiry" : "New contact message");

export default defineEmail<Data>({
  subject: (data) => `${heading(data)} from ${subjectPart(data.name)}`,
  link: null,
  content: (data) => ({
    heading: heading(data),
    paragraphs: [...data.details, `Message: ${data.body}`],
    footnote: `Sent from the ${data.form === "long" ? "Contact page" : "'Send Us a Message' form"}. Reply to ${data.email}.`,
  }),
  example: {
    form: "long",
    name: "Ada Lovelace",
    email: "ada@example.com",
    details: ["Name: Ada Lovelace", "Email: ada@example.com", "Company: Analytical Engines Ltd"],
    body: "We would like a prototype of our ordering app.",
  },
});
