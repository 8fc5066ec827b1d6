// What the rest of the client may use from the notifications feature besides its api/ owners: import it from here, never from
// the feature's other files (scripts/check-feature-boundaries.ts). Re-exports only.
export { NotificationBell } from "./NotificationBell";
