// The daily digest: the notifications a user chose to get once a day (email/digest.ts).
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from "../../../shared/schemas/account";
import { APP_NAME } from "../layout";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = { items: { kind: string; subject: string; summary: string }[] };

export default defineEmail<Data>({
  subject: (data) => `Your daily ${APP_NAME} digest (${data.items.length})`,
  link: (appUrl) => customerLinks.dashboard(appUrl),
  content: (data, link) => ({
    heading: `Your daily ${APP_NAME} digest`,
    paragraphs: [
      `${data.items.length} update${data.items.length === 1 ? "" : "s"} since your last digest:`,
      ...data.items.map(
        (item) =>
          `${NOTIFICATION_KIND_LABELS[item.kind as NotificationKind]?.label ?? item.kind} · ${item.subject}\n${item.summary}`,
      ),
    ],
    action: { label: `Open ${APP_NAME}`, url: link },
    footnote: `You chose a daily digest for these emails. Change it under Profile Settings → Notifications.`,
  }),
  example: { items: [{ kind: "status", subject: "BP-0001: In development", summary: "Your project is now: In development" }] },
});
