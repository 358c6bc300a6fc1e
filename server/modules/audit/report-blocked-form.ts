import type { UserContext } from "../../request-context";
import { currentMembership } from "../workspaces/repo";
import type { BlockedFormRequest } from "./contract";
import { recordSecurityEvent } from "./record-security-event";

/** The caller of a public route: a signed-in user's context, or just who knocked. */
export type Caller = UserContext | (Pick<UserContext, "deps" | "db" | "ip" | "userAgent"> & { userId: null });

/**
 * The web app refused to send a form holding a script tag or javascript: URL (spec §5): log it
 * as malicious_form_submission with the form and field (never the content), in the caller's
 * current workspace when they are signed in.
 */
export async function reportBlockedForm(caller: Caller, input: BlockedFormRequest): Promise<void> {
  const organizationId = caller.userId
    ? ((await currentMembership(caller.db, caller.userId)).current?.organizationId ?? null)
    : null;
  await recordSecurityEvent(caller.deps, {
    eventType: "malicious_form_submission",
    eventData: { source: "web", form: input.form, field: input.field },
    userId: caller.userId,
    organizationId,
    ipAddress: caller.ip,
    userAgent: caller.userAgent,
  });
}
