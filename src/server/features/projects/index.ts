// The projects feature as the rest of the server sees it: app.ts and the other features import from here, never from
// its files (scripts/check-feature-boundaries.ts). Re-exports only.
export { PROJECT_NOT_FOUND, type ProjectAccess, type ProjectRow, projectAccessibleTo, requireProjectAccess } from "./access";
export { extendAccess } from "./access-expiry/extend";
export { requirePrototypeOpen } from "./access-expiry/gates";
export { startAccessExpiryReminders } from "./access-expiry/reminders";
export { applyStatusRules, recordStatusSteps, statusStepsFor } from "./apply-status-rules";
export { createProject } from "./create-project";
export { deliveryHoursSql, startDeliveryClockByHand, startDeliveryClockIfReady } from "./delivery-clock";
export { toProjectDto, withPaymentSchedule } from "./project-dto";
export { briefConfirmedSql, latestProposalAcceptanceSql } from "./proposal-facts";
export { projectListRead } from "./reads";
export { downloadBrief } from "./requirements/download-brief";
export { requirementsRead } from "./requirements/reads";
export { projectRoutes } from "./routes";
