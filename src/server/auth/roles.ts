// A user's role comes from the configuration, not from what was stored at sign-in: ADMIN_EMAILS is read again on
// every request, so taking an address off the list ends its company access at its next request.
import type { Role } from "../../shared/constants/auth";
import type { Config } from "../config";

export function roleFor(config: Config, email: string): Role {
  const address = email.toLowerCase();
  return address !== config.demoEmail && config.adminEmails.includes(address) ? "company" : "customer";
}
