// The email kinds' record: a kind missing a part does not compile (the @ts-expect-error lines below fail
// `npm run typecheck` when the error they expect disappears), and every notification kind reaches a user with a
// one-click unsubscribe link (RFC 8058 headers and a line in the body) while security emails carry none.
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories";
import { openForFile } from "../../../tests/setup/per-file";
import { type CapturedMail, startSmtpServer } from "../../../tests/setup/smtp";
import { createTestApp } from "../../../tests/setup/test-app";
import { NOTIFICATION_KINDS } from "../../shared/schemas/account";
import { EMAIL_KIND_NAMES, EMAIL_KINDS, type EmailKind, type EmailKindEntry } from "./kinds";
import type { EmailMessage as OutboxMessage } from "./outbox";
import { defineEmail } from "./template";
import signInCode from "./templates/sign-in-code";
import { unsubscribeUrl } from "./unsubscribe";

describe("a kind missing one of its parts is a compile error", () => {
  it("needs a category, a template with its link (or null), and a caller's data to match", () => {
    const broken = {
      // @ts-expect-error a kind without its preference category (or "security")
      "no-category": { template: signInCode },
      // @ts-expect-error a category that is neither a notification kind, "security" nor "digest"
      "unknown-category": { category: "newsletter", template: signInCode },
    } satisfies Record<string, EmailKindEntry>;
    // @ts-expect-error a template without its link builder (a builder from email/links.ts, or null)
    const noLink = defineEmail<{ name: string }>({
      subject: () => "Hello",
      content: (data: { name: string }) => ({ heading: data.name, paragraphs: [] }),
      example: { name: "Ada" },
    });
    // @ts-expect-error a template without an example of its data
    const noExample = defineEmail<{ name: string }>({
      subject: () => "Hello",
      link: null,
      content: (data: { name: string }) => ({ heading: data.name, paragraphs: [] }),
    });
    // @ts-expect-error a kind nobody declared cannot be sent
    const unknownKind: OutboxMessage = { kind: "newsletter", to: "a@example.com", data: {} };
    // @ts-expect-error a listed kind's data must be its template's (sign-in-code needs the code)
    const missingData: OutboxMessage = { kind: "sign-in-code", to: "a@example.com", data: { name: "Ada" } };
    const fine: OutboxMessage = { kind: "sign-in-code", to: "a@example.com", data: { name: "Ada", code: "123456" } };
    expect([broken, noLink, noExample, unknownKind, missingData, fine]).toHaveLength(6);
  });
});

function headerLine(mail: CapturedMail, key: string): string | undefined {
  return mail.raw.headerLines.find((line) => line.key === key)?.line?.replace(/\r?\n/g, "");
}

describe("every email kind through a real SMTP server", () => {
  const smtp = openForFile(() => startSmtpServer());
  const t = openForFile(() => createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Blueprint <no-reply@blueprint.test>" }));

  async function sendExample(kind: EmailKind): Promise<{ mail: CapturedMail; userId: string }> {
    const to = `every-${kind}@example.com`;
    const user = await createUser(t.app.ctx.db, { email: to, name: "Every Kind" });
    const message = { kind, to, data: EMAIL_KINDS[kind].template.example } as OutboxMessage;
    await t.app.ctx.email.enqueue(message);
    await t.app.emailWorker.drain();
    return { mail: await smtp.waitFor((m) => m.to === to), userId: user.id };
  }

  const notificationKinds = EMAIL_KIND_NAMES.filter((kind) =>
    (NOTIFICATION_KINDS as readonly string[]).includes(EMAIL_KINDS[kind].category),
  );

  it("lists every notification category under at least one kind", () => {
    expect(new Set(notificationKinds.map((kind) => EMAIL_KINDS[kind].category))).toEqual(new Set(NOTIFICATION_KINDS));
  });

  it.each(notificationKinds)("%s reaches a user with a one-click unsubscribe link in its headers and its body", async (kind) => {
    const { mail, userId } = await sendExample(kind);
    const category = EMAIL_KINDS[kind].category;
    const link = unsubscribeUrl(t.app.ctx.config, userId, category as (typeof NOTIFICATION_KINDS)[number]);
    expect(headerLine(mail, "list-unsubscribe")).toBe(`List-Unsubscribe: <${link}>`);
    expect(headerLine(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail.text).toContain(`unsubscribe in one click: ${link}`);
    expect(mail.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
  });

  it("sends the daily digest with the link that turns every digested kind off", async () => {
    const { mail, userId } = await sendExample("notification-digest");
    const link = unsubscribeUrl(t.app.ctx.config, userId, "digest");
    expect(headerLine(mail, "list-unsubscribe")).toBe(`List-Unsubscribe: <${link}>`);
    expect(mail.text).toContain(`To stop these emails (daily digest), unsubscribe in one click: ${link}`);
  });

  it.each(EMAIL_KIND_NAMES.filter((kind) => EMAIL_KINDS[kind].category === "security"))(
    "%s is a security email: sent with no unsubscribe link",
    async (kind) => {
      const { mail } = await sendExample(kind);
      expect(headerLine(mail, "list-unsubscribe")).toBeUndefined();
      expect(mail.text).not.toContain("unsubscribe");
      expect(mail.html).not.toContain("/unsubscribe");
    },
  );
});
