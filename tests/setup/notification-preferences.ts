// Notification choices as PUT /api/me/notification-preferences takes them and the account export shows them.
import type { NotificationKind, NotificationMode } from "../../src/shared/schemas/account";

/** Every kind by email, as a new account has it; a kind added to the closed list must be added here too. */
export const ALL_EMAIL: Record<NotificationKind, NotificationMode> = {
  messages: "email",
  updates: "email",
  feedback: "email",
  meetings: "email",
  status: "email",
  team: "email",
  payments: "email",
};

/** Every kind by email except the ones `changes` names. */
export const preferencesWith = (changes: Partial<Record<NotificationKind, NotificationMode>>) => ({ ...ALL_EMAIL, ...changes });
