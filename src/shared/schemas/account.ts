// The customer's own account: notification choices, the data export and account deletion.
import { z } from "zod";
import { codeSchema } from "./auth";

/** The notification kinds a user chooses for; security emails (codes, sign-in) are none of them and always sent. */
export const NOTIFICATION_KINDS = ["messages", "updates", "feedback", "meetings", "status", "team", "payments"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  messages: { label: "Messages", hint: "Project messages and replies" },
  updates: { label: "Progress updates", hint: "The team's updates on how your prototype is going" },
  feedback: { label: "Feedback answers", hint: "Your feedback addressed" },
  meetings: { label: "Meeting updates", hint: "Meeting times and changes" },
  status: { label: "Status changes", hint: "NDA approval, project status" },
  team: { label: "Team changes", hint: "Invitations to projects" },
  payments: { label: "Payments", hint: "Payments received, receipts and reminders" },
};

export const NOTIFICATION_MODES = ["email", "digest", "off"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const NOTIFICATION_MODE_LABELS: Record<NotificationMode, string> = {
  email: "Email each time",
  digest: "Daily digest",
  off: "Off",
};

export const notificationPreferencesSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.enum(NOTIFICATION_MODES)])) as Record<
    NotificationKind,
    z.ZodEnum<{ [M in NotificationMode]: M }>
  >,
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const ACCOUNT_MESSAGES = {
  deletionCodeSent: "We emailed you a 6-digit code. Enter it to delete your account.",
  deleted: "Your account has been deleted.",
  confirmRequired: 'Type "DELETE" to confirm',
  notCustomer: "Company accounts are managed through ADMIN_EMAILS and cannot be deleted here.",
  ownerCannotLeave: "You own this project; the owner cannot leave it.",
  left: "You have left the project.",
  exportThrottled: "You have downloaded your data several times recently. Please try again later.",
} as const;

/** The deletion form: the emailed code and the word DELETE typed out. */
export const deleteAccountSchema = z.strictObject({
  code: codeSchema,
  confirm: z.literal("DELETE", { error: ACCOUNT_MESSAGES.confirmRequired }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
