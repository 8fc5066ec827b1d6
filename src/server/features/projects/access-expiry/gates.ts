// What closes on a project, server-side: after the access expiry date the prototype viewer and invitations (the
// customer is told why and whom to ask; documents, the hand-over package and the data export stay open), and before
// testing the invitations (User Management opens with a prototype in testing, and stays open after completion).
// The company is never refused here: it is who extends the date.
import { ACCESS_EXPIRY_MESSAGES, accessExpired, prototypeClosedTo } from "../../../../shared/domain/access-expiry";
import { prototypeReadyForTeam } from "../../../../shared/domain/project-rules";
import { conflict, forbidden } from "../../../errors";
import type { ProjectAccess } from "../access";

/** 403 ACCESS_EXPIRED for a customer or member once the project's access has ended. */
export function requirePrototypeOpen(access: ProjectAccess, now = new Date()): void {
  const caller = { customerAccessExpiryDate: access.project.customerAccessExpiryDate, accessLevel: access.accessLevel };
  if (prototypeClosedTo(caller, now)) throw forbidden(ACCESS_EXPIRY_MESSAGES.prototypeClosed, "ACCESS_EXPIRED");
}

/** 409 TEAM_NOT_OPEN before testing, 403 ACCESS_EXPIRED after the access expiry date. */
export function requireInvitationsOpen(access: ProjectAccess, now = new Date()): void {
  if (access.accessLevel === "company") return;
  if (!prototypeReadyForTeam(access.project)) throw conflict(ACCESS_EXPIRY_MESSAGES.teamNotOpen, "TEAM_NOT_OPEN");
  if (accessExpired(access.project, now)) throw forbidden(ACCESS_EXPIRY_MESSAGES.invitationsClosed, "ACCESS_EXPIRED");
}
