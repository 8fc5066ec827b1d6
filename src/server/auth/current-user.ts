// The signed-in user as the API and the app's HTML describe them (GET /api/auth/me, the page's seeded session).
import { canonicalTimeZone } from "../../shared/domain/time-zones";
import type { CurrentUser } from "../../shared/schemas/auth";
import type { SessionUser } from "./sessions";

export function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isCustomer: user.role === "customer",
    isCompany: user.role === "company",
    staffRole: user.role === "company" ? user.staffRole : null,
    profileImageUrl: null,
    // A zone stored before names were canonicalised shows by its current name.
    timeZone: user.timeZone ? canonicalTimeZone(user.timeZone) : null,
    firstSignIn: user.signInCount === 1,
  };
}
