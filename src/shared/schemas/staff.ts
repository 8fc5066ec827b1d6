// The company's team (issue 44 §1): the Team tab's list, its Invite dialog and a member's role and access change.
import { z } from "zod";
import { STAFF_ROLES } from "../domain/staff-roles";

export const STAFF_MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  nameRequired: "Please enter their name",
  roleRequired: "Please choose a role: owner, admin or manager",
  nothingToChange: "Say what to change: role or active",
  lastOwner: "This is the last active owner: make another member an owner first.",
  configuredOwner:
    "This owner is named in ADMIN_EMAILS, the server's break-glass list: take the address off that list in the server's configuration first.",
  customerAddress: "This address belongs to a customer (an account or a project invitation): it cannot become staff.",
  alreadyStaff: "This address is already on the team.",
  staffAddress: "This address belongs to a member of the company's team: it cannot be added to a customer's project.",
  notFound: "No staff member with this id",
  self: "You cannot deactivate your own account.",
  deactivated: "This staff account has been deactivated. Ask an owner of the company to reactivate it in the console's Team tab.",
} as const;

export const staffInviteSchema = z.strictObject({
  email: z
    .string({ error: STAFF_MESSAGES.invalidEmail })
    .trim()
    .max(254, STAFF_MESSAGES.invalidEmail)
    .pipe(z.email(STAFF_MESSAGES.invalidEmail)),
  name: z
    .string({ error: STAFF_MESSAGES.nameRequired })
    .trim()
    .min(1, STAFF_MESSAGES.nameRequired)
    .max(120, "A name has at most 120 characters"),
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired }),
});
export type StaffInviteInput = z.infer<typeof staffInviteSchema>;

export const staffUpdateSchema = z
  .strictObject({
    role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired }).optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => body.role !== undefined || body.active !== undefined, { message: STAFF_MESSAGES.nothingToChange });
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;

export const STAFF_STATUSES = ["active", "invited", "deactivated"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffMemberSchema = z.object({
  /** null for an ADMIN_EMAILS owner who has never signed in (no account yet). */
  id: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** invited: never signed in; deactivated: an owner ended their access. */
  status: z.enum(STAFF_STATUSES),
  lastSignInAt: z.string().nullable(),
  /** The projects they manage; null until projects have managers (issue 44 §2): the console shows "—". */
  projectsOwned: z.number().int().nullable(),
  /** An ADMIN_EMAILS owner: the console cannot change their role or access. */
  fromConfig: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** The whole team: a company has a handful of staff, so it is one list (scripts/count-paging-shapes.ts). */
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;
