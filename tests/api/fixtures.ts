import { randomBytes, randomInt } from "node:crypto";
import type { Role } from "@domain/permissions";
import type { TestClient, TestContext } from "./harness";

export interface SignUpOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}

export interface SignedUpUser {
  /** Cookie-keeping client signed in as the new user. */
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

export const DEFAULT_TEST_PASSWORD = "correct horse battery";

/** A fresh documentation-range IP so per-IP auth rate limits never couple unrelated test users. */
export function randomTestIp(): string {
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Sign a new user up through the real endpoint (POST /api/auth/sign-up/email); the client stays signed in. */
export async function signUp(ctx: TestContext, options: SignUpOptions = {}): Promise<SignedUpUser> {
  const client = ctx.client();
  const email = options.email ?? `user-${randomBytes(5).toString("hex")}@example.test`;
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  const res = await client.request<{ user?: { id: string } }>("/api/auth/sign-up/email", {
    method: "POST",
    json: {
      email,
      password,
      name: [options.firstName, options.lastName].filter(Boolean).join(" ") || email,
      ...(options.firstName !== undefined ? { firstName: options.firstName } : {}),
      ...(options.lastName !== undefined ? { lastName: options.lastName } : {}),
    },
    headers: { "x-forwarded-for": randomTestIp() },
  });
  if (res.status !== 200 || !res.body.user?.id) {
    throw new Error(`sign-up of ${email} failed: ${res.status} ${res.text}`);
  }
  return { client, userId: res.body.user.id, email, password };
}

/** Create a workspace through the real API (the caller becomes its owner); returns its id. */
export async function createWorkspace(client: TestClient, name: string): Promise<string> {
  const res = await client.post<{ id: string }>("/api/workspaces", { name });
  if (res.status !== 201) throw new Error(`workspace creation failed: ${res.status} ${res.text}`);
  return res.body.id;
}

/** Put a user into a workspace with a role (or change their role there). */
export async function addMember(
  ctx: TestContext,
  organizationId: string,
  userId: string,
  role: Role,
): Promise<void> {
  await ctx.database.raw.query(
    `insert into user_organizations (organization_id, user_id, role) values ($1, $2, $3)
     on conflict (organization_id, user_id) do update set role = excluded.role`,
    [organizationId, userId, role],
  );
}

export interface WorkspaceUser extends SignedUpUser {
  organizationId: string;
}

/**
 * A signed-in user with `role` in a workspace. Without organizationId a new workspace is made
 * (created by this user when role is owner, else by a separate owner who then adds this user).
 */
export async function createUserInWorkspace(
  ctx: TestContext,
  options: { role: Role; organizationId?: string } & SignUpOptions,
): Promise<WorkspaceUser> {
  const { role, organizationId: given, ...signUpOptions } = options;
  const user = await signUp(ctx, signUpOptions);
  let organizationId = given;
  if (!organizationId) {
    if (role === "owner") {
      return { ...user, organizationId: await createWorkspace(user.client, "Test Agency") };
    }
    const owner = await signUp(ctx);
    organizationId = await createWorkspace(owner.client, "Test Agency");
  }
  await addMember(ctx, organizationId, user.userId, role);
  await ctx.database.raw.query(`update profiles set current_organization_id = $2 where id = $1`, [
    user.userId,
    organizationId,
  ]);
  return { ...user, organizationId };
}

/**
 * Make every insert into audit_events fail (a trigger raising 'audit store unavailable'), or stop
 * doing so: a write whose audit row cannot be stored must roll back whole. Always switch it off
 * again in a `finally`.
 */
export async function failAuditInserts(ctx: TestContext, on: boolean): Promise<void> {
  await ctx.database.raw.exec(
    on
      ? `create function test_refuse_audit() returns trigger language plpgsql as $$
         begin raise exception 'audit store unavailable'; end $$;
         create trigger test_refuse_audit before insert on audit_events
           for each row execute function test_refuse_audit();`
      : `drop trigger test_refuse_audit on audit_events; drop function test_refuse_audit();`,
  );
}
