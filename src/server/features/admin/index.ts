// The admin feature as the rest of the server sees it: app.ts and the other features import from here, never from
// its files (scripts/check-feature-boundaries.ts). Re-exports only.
export { DELIVERY_REMINDER_EMAIL, sendDeliveryReminders } from "./delivery-reminders";
export { csvCell } from "./projects-csv";
export { adminStatsRead } from "./reads";
export { adminRoutes } from "./routes";
export { startStatusScheduler } from "./status-scheduler";
