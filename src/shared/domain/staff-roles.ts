// The company's staff roles (issue 44 §1) and what each may do: the one table the server's guard (requireStaff) and
// the console (which hides what a role cannot do) both read. The ADMIN_EMAILS addresses are owners by the
// configuration; everyone else is invited by an owner in the console's Team tab.

export const STAFF_ROLES = ["owner", "admin", "manager"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  admin: "Admin",
  manager: "Manager",
};

/** One line per role, as the Invite dialog's role choice shows it. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: "Everything, and the team itself: invites, roles and deactivation.",
  admin: "Everything but the team: projects, payments settings, NDA approval, integrations.",
  manager: "Projects, messages and feedback; no payments settings, no NDA approval, no team.",
};

/**
 * What a staff member may do beyond the console itself:
 * - `console`: the console's projects, inbox, feedback, meetings (every staff member);
 * - `payments`: the company's legal and billing settings, a project's prices and payment fields;
 * - `nda`: approving a customer's NDA;
 * - `integrations`: outgoing webhooks;
 * - `team`: the Team tab (invite, change a role, deactivate).
 */
export const STAFF_CAPABILITIES = ["console", "payments", "nda", "integrations", "team"] as const;
export type StaffCapability = (typeof STAFF_CAPABILITIES)[number];

const TABLE: Record<StaffRole, readonly StaffCapability[]> = {
  owner: STAFF_CAPABILITIES,
  admin: ["console", "payments", "nda", "integrations"],
  manager: ["console"],
};

export function can(role: StaffRole | null | undefined, capability: StaffCapability): boolean {
  return role != null && TABLE[role].includes(capability);
}

/** The message a staff member reads when their role does not allow a route. */
export function notAllowedMessage(role: StaffRole, capability: StaffCapability): string {
  const what: Record<StaffCapability, string> = {
    console: "the console",
    payments: "payments settings and prices",
    nda: "NDA approval",
    integrations: "integrations (webhooks)",
    team: "the team",
  };
  return `${STAFF_ROLE_LABELS[role]}s cannot change ${what[capability]}. Ask an owner.`;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * A project's fields that are payments settings (prices and the payment phases' links, amounts, dates, invoices):
 * a role without `payments` may change the project's other fields but not these.
 */
export function isPaymentField(field: string): boolean {
  return field === "price" || field === "priceReason" || field === "packageType" || /^(advance|final|balance)[A-Z]/.test(field);
}
