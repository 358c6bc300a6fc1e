import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import { newId } from "../lib/ids";
import { insertInvitation } from "../modules/invitations/repo";
import { createOrganizationWithMembership } from "../modules/workspaces/repo";
import { rows, transaction, type Tx } from "./executor";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** What the two repo calls below leave behind for this user and workspace name. */
async function written(userId: string, name: string) {
  const q = async (text: string, params: unknown[]) =>
    Number((await ctx.database.raw.query<{ n: number | string }>(text, params)).rows[0]?.n ?? 0);
  return {
    organizations: await q(`select count(*) as n from organizations where name = $1`, [name]),
    memberships: await q(`select count(*) as n from user_organizations where user_id = $1`, [userId]),
    invitations: await q(
      `select count(*) as n from invitations i join organizations o on o.id = i.organization_id
        where o.name = $1`,
      [name],
    ),
    remembered: (
      await ctx.database.raw.query<{ current_organization_id: string | null }>(
        `select current_organization_id from profiles where id = $1`,
        [userId],
      )
    ).rows[0]?.current_organization_id,
  };
}

/** Two real repo writes through the transaction's executor. */
async function createWorkspaceAndInvite(tx: Tx, userId: string, name: string) {
  const org = await createOrganizationWithMembership(tx, { name, userId, role: "owner" });
  await insertInvitation(tx, {
    id: newId(),
    organizationId: org.id,
    email: `invitee-${newId()}@example.test`,
    role: "member",
    tokenHash: newId(),
    invitedBy: userId,
    expiresAt: new Date(Date.now() + 60_000),
  });
  return org;
}

describe("transaction(database, fn) with repo calls on its tx", () => {
  it("rolls every repo write back when fn throws", async () => {
    const { userId } = await signUp(ctx);
    const name = `Rolled back ${newId()}`;
    const failure = transaction(ctx.database, async (tx) => {
      await createWorkspaceAndInvite(tx, userId, name);
      // Both writes are visible inside the transaction…
      expect(await rows(tx, sql`select 1 from organizations where name = ${name}`)).toHaveLength(1);
      throw new Error("boom");
    });
    await expect(failure).rejects.toThrow("boom");
    // …and none of them outside it afterwards.
    expect(await written(userId, name)).toEqual({
      organizations: 0,
      memberships: 0,
      invitations: 0,
      remembered: null,
    });
  });

  it("commits every repo write when fn resolves", async () => {
    const { userId } = await signUp(ctx);
    const name = `Committed ${newId()}`;
    const org = await transaction(ctx.database, (tx) => createWorkspaceAndInvite(tx, userId, name));
    expect(await written(userId, name)).toEqual({
      organizations: 1,
      memberships: 1,
      invitations: 1,
      remembered: org.id,
    });
  });
});

describe("the app's database sessions", () => {
  it("never JIT-compile a statement (off on PostgreSQL; PGlite has no JIT)", async () => {
    const [row] = await rows<{ compiles: boolean }>(
      ctx.database.db,
      sql`select current_setting('jit') = 'on' and pg_jit_available() as compiles`,
    );
    expect(row?.compiles).toBe(false);
  });
});
