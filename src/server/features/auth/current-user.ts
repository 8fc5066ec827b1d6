import type { CurrentUser } from "../../../shared/schemas/auth";
import type { SessionUser } from "../../auth/sessions";

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
    profileImageUrl: null,
    timeZone: user.timeZone ?? null,
    firstSignIn: user.signInCount === 1,
  };
}
