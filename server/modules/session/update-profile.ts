import { displayName } from "@domain/format";
import type { AuthUser } from "../../auth/middleware";
import type { Database } from "../../db/client";
import { updateProfileNames } from "./repo";

/** Profile update (spec §3): first and last name; the stored name follows the display-name rule. */
export async function updateProfile(
  database: Database,
  user: AuthUser,
  input: { firstName?: string | null; lastName?: string | null },
): Promise<void> {
  const firstName = (input.firstName === undefined ? user.firstName : input.firstName)?.trim() || null;
  const lastName = (input.lastName === undefined ? user.lastName : input.lastName)?.trim() || null;
  await updateProfileNames(database, user.id, {
    firstName,
    lastName,
    name: displayName({ firstName, lastName, email: user.email }),
  });
}
