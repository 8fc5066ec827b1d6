// The profile's cached read (cache/define-read.ts).
import { defineRead } from "../../cache/define-read";
import { findOwnProfile } from "./find-profile";
import { toProfileDto } from "./profile-dto";

/** The caller's company profile (none yet: null, not kept). */
export const profileRead = defineRead({
  name: "profile",
  tables: ["profiles", "users"],
  load: async (db, { userId }: { userId: string }) => {
    const profile = await findOwnProfile(db, userId);
    return profile ? toProfileDto(profile) : null;
  },
  owner: ({ userId }) => userId,
  rows: ({ userId }, _, row) => [row("profiles", "user_id", userId), row("users", "id", userId)],
});
