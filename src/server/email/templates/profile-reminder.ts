// An admin's nudge to a customer who has not finished their profile.
import { APP_NAME } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = { name: string | null };

export default defineEmail<Data>({
  subject: () => `Finish your ${APP_NAME} profile to start your project`,
  link: (appUrl) => customerLinks.onboarding(appUrl),
  content: (data, link) => ({
    heading: "Your project is waiting for your profile",
    paragraphs: [
      data.name ? `Hi ${data.name.replace(/[\r\n]+/g, " ")},` : "Hi,",
      "It takes 5-10 minutes: tell us about your company, sign the NDA, and describe what you want built.",
    ],
    action: { label: "Complete your profile", url: link },
  }),
  example: { name: "Ada Lovelace" },
});
