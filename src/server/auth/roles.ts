// A user's role comes from the configuration and the staff list, not from what was stored at sign-in: ADMIN_EMAILS is
// read again on every request, so taking an address off the list ends its company access at its next request (unless
// an owner invited it as staff in the Team tab, issue 44).
import type { Role } from "../../shared/constants/auth";
import type { StaffRole } from "../../shared/domain/staff-roles";
import type { Config } from "../config";

type StaffFields = { email: string; staffRole?: StaffRole | null };

/** Is `email` one of the ADMIN_EMAILS owners (the break-glass list)? */
export function isConfiguredOwner(config: Config, email: string): boolean {
  const address = email.toLowerCase();
  return address !== config.demoEmail && config.adminEmails.includes(address);
}

export function roleFor(config: Config, user: StaffFields): Role {
  return isConfiguredOwner(config, user.email) || user.staffRole != null ? "company" : "customer";
}

/** A company user's staff role: owner for ADMIN_EMAILS addresses, else the one an owner gave them; null for customers. */
export function staffRoleFor(config: Config, user: StaffFields): StaffRole | null {
  if (isConfiguredOwner(config, user.email)) return "owner";
  return user.staffRole ?? null;
}
