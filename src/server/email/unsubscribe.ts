// One-click unsubscribe links (RFC 8058): a token signed for one user and one kind, so the link works without
// signing in and cannot be turned into another user's or another kind's.
import { NOTIFICATION_KINDS, type NotificationKind } from "../../shared/schemas/account";
import { hmacHex, safeEqualHex } from "../auth/secrets";
import { portalLink } from "./links";

/** What a link can turn off: one kind, or "digest" for every kind the user gets as a daily digest. */
export type UnsubscribeTarget = NotificationKind | "digest";

export function isUnsubscribeTarget(value: unknown): value is UnsubscribeTarget {
  return value === "digest" || (NOTIFICATION_KINDS as readonly unknown[]).includes(value);
}

function tokenFor(secret: string, userId: string, target: UnsubscribeTarget): string {
  return hmacHex(secret, `unsubscribe:${userId}:${target}`);
}

export function unsubscribeUrl(config: { appUrl: string; secretKey: string }, userId: string, target: UnsubscribeTarget): string {
  return portalLink(config.appUrl, "/unsubscribe", { u: userId, k: target, t: tokenFor(config.secretKey, userId, target) });
}

/** The user and kind a link names, when its token is theirs; null for anything forged, altered or malformed. */
export function readUnsubscribeLink(
  secret: string,
  query: { u?: unknown; k?: unknown; t?: unknown },
): { userId: string; target: UnsubscribeTarget } | null {
  const { u, k, t } = query;
  if (typeof u !== "string" || typeof t !== "string" || !isUnsubscribeTarget(k)) return null;
  if (!/^[0-9a-f-]{36}$/i.test(u) || !/^[0-9a-f]{64}$/i.test(t)) return null;
  return safeEqualHex(t, tokenFor(secret, u, k)) ? { userId: u.toLowerCase(), target: k } : null;
}

export const LIST_UNSUBSCRIBE_POST = "List-Unsubscribe=One-Click";
