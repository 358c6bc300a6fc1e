import { displayName } from "@domain/format";
import type { UserContext } from "../../request-context";
import type { MeResponse, UpdateProfileRequest } from "./contract";
import { getMe } from "./get-me";
import { updateProfileNames } from "./repo";

/**
 * Profile update (spec §3): first and last name (an omitted one stays, a blank one clears it);
 * the stored name follows the display-name rule. Answers the refreshed /api/me.
 */
export async function updateProfile(ctx: UserContext, input: UpdateProfileRequest): Promise<MeResponse> {
  const { user } = ctx;
  const firstName = (input.firstName === undefined ? user.firstName : input.firstName)?.trim() || null;
  const lastName = (input.lastName === undefined ? user.lastName : input.lastName)?.trim() || null;
  await updateProfileNames(ctx.db, ctx.userId, {
    firstName,
    lastName,
    name: displayName({ firstName, lastName, email: user.email }),
  });
  return getMe({ ...ctx, user: { ...user, firstName, lastName } });
}
