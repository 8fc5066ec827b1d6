// Project users: the add-user form and the list the User Management page polls.
import { z } from "zod";
import { MEMBER_ACCESS_LEVELS } from "../domain/project-access";

export const TEAM_MESSAGES = {
  invalidEmail: "Invalid email address",
  accessLevelRequired: "Please select an access level",
  noSlots: "No slots available: this project's package allows no more users.",
  alreadyMember: "This person already has access to the project.",
  isOwner: "This is the project owner's address; the owner already has full access.",
  removeFailed: "Failed to remove user",
  notFound: "User not found on this project",
} as const;

export const addProjectUserSchema = z.strictObject({
  email: z
    .string({ error: TEAM_MESSAGES.invalidEmail })
    .trim()
    .max(254, TEAM_MESSAGES.invalidEmail)
    .pipe(z.email(TEAM_MESSAGES.invalidEmail)),
  accessLevel: z.enum(MEMBER_ACCESS_LEVELS, { error: TEAM_MESSAGES.accessLevelRequired }),
});
export type AddProjectUserInput = z.infer<typeof addProjectUserSchema>;

export const projectUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  accessLevel: z.enum(MEMBER_ACCESS_LEVELS),
  createdAt: z.string(),
});
export type ProjectUser = z.infer<typeof projectUserSchema>;

/** Seats left on a project: the limit minus the users added, never below zero. */
export function availableSlots(userLimit: number, usersCount: number): number {
  return Math.max(0, userLimit - usersCount);
}
