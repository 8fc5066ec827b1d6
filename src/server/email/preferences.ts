// Each user's notification choices: one row per kind they changed; a kind without a row is emailed.
import { and, eq, sql } from "drizzle-orm";
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationMode,
  type NotificationPreferences,
} from "../../shared/schemas/account";
import type { Database } from "../db/client";
import { notificationPreferences, users } from "../db/schema";
import type { UnsubscribeTarget } from "./unsubscribe";

export async function readPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row.mode]));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? "email"])) as NotificationPreferences;
}

export async function modeFor(db: Database, userId: string, kind: NotificationKind): Promise<NotificationMode> {
  const [row] = await db
    .select({ mode: notificationPreferences.mode })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
    .limit(1);
  return row?.mode ?? "email";
}

export async function savePreferences(db: Database, userId: string, choices: Partial<NotificationPreferences>): Promise<void> {
  const rows = Object.entries(choices).map(([kind, mode]) => ({ userId, kind, mode: mode as NotificationMode }));
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { mode: sql`excluded.mode`, updatedAt: sql`now()` },
    });
}

/** What an unsubscribe link does: its kind off, or ("digest") every kind now in the digest off. */
export async function unsubscribe(db: Database, userId: string, target: UnsubscribeTarget): Promise<void> {
  // A deleted account's link has nothing left to turn off.
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  if (target !== "digest") {
    await savePreferences(db, userId, { [target]: "off" });
    return;
  }
  const current = await readPreferences(db, userId);
  const digested = NOTIFICATION_KINDS.filter((kind) => current[kind] === "digest");
  await savePreferences(db, userId, Object.fromEntries(digested.map((kind) => [kind, "off"])));
}
