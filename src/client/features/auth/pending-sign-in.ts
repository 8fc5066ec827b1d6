// The sign-in waiting for its code, kept in the tab's session storage so that a reload on the code step stays there
// (issue 31): the address and name the code was asked with, and when. Cleared at sign-in and by "Back to Email"; it
// lapses with the pre-sign-in cookie, after which no code the browser holds can match. No imports beyond constants:
// auth-main.tsx reads it before any of the screen's code loads.
import { SIGN_IN_BINDING_SECONDS } from "../../../shared/constants/auth";

const KEY = "bp.sign-in.pending";

export type PendingSignIn = { email: string; name: string };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    // Storage switched off: the code step just does not survive a reload.
    return null;
  }
}

export function readPendingSignIn(now = Date.now()): PendingSignIn | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { email?: unknown; name?: unknown; sentAt?: unknown };
    if (typeof value.email !== "string" || typeof value.name !== "string" || typeof value.sentAt !== "number") return null;
    if (now - value.sentAt >= SIGN_IN_BINDING_SECONDS * 1000 || value.sentAt > now) return null;
    return { email: value.email, name: value.name };
  } catch {
    return null;
  }
}

export function savePendingSignIn(pending: PendingSignIn, now = Date.now()): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ email: pending.email, name: pending.name, sentAt: now }));
  } catch {
    // Full or switched off: as above.
  }
}

export function clearPendingSignIn(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
