// How people and companies are named in the shell.

type NameSource = { fullName?: string | null; company?: string | null } | null | undefined;
type UserNames = { firstName?: string | null; lastName?: string | null } | null | undefined;

export function displayName(profile: NameSource, user: UserNames): string {
  const fromProfile = profile?.fullName?.trim();
  if (fromProfile) return fromProfile;
  const fromUser = [user?.firstName, user?.lastName]
    .filter((part) => part?.trim())
    .join(" ")
    .trim();
  return fromUser || "User";
}

export function displayCompany(profile: NameSource): string {
  return profile?.company?.trim() || "Customer";
}
