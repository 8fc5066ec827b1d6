// The company profile form as tests post it; no app or database, so unit tests of the shared schema can use it too.
import { profileFormSchema } from "../../src/shared/schemas/profile";

/** Every field the form has (from its schema), left empty. */
export const EMPTY_PROFILE: Record<string, string> = Object.fromEntries(
  Object.keys(profileFormSchema.shape).map((field) => [field, ""]),
);
