import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type ErrorAnswer = { error: { code: string; message: string } };

describe("revoking invitations: nobody acts above their own rank (issue 11, item 12)", () => {
  it("refuses an admin revoking an owner invitation (403, still pending, no audit row); owners may", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
    const sent = await owner.client.post<{ id: string }>("/api/invitations", {
      email: "next-owner@example.test",
      role: "owner",
    });
    expect(sent.status).toBe(201);

    const refused = await admin.client.delete<ErrorAnswer>(`/api/invitations/${sent.body.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    const listed = await owner.client.get<{ invitations: { id: string; status: string }[] }>(
      "/api/invitations",
    );
    expect(listed.body.invitations.find((i) => i.id === sent.body.id)?.status).toBe("pending");
    const { rows } = await ctx.database.raw.query<{ n: number }>(
      `select count(*)::int as n from audit_events where object_id = $1 and action = 'revoked'`,
      [sent.body.id],
    );
    expect(rows[0]?.n).toBe(0);

    expect((await owner.client.delete(`/api/invitations/${sent.body.id}`)).status).toBe(204);
  });

  it("lets an admin revoke admin and member invitations", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
    for (const role of ["admin", "member"] as const) {
      const sent = await owner.client.post<{ id: string }>("/api/invitations", {
        email: `${role}-invitee@example.test`,
        role,
      });
      expect(sent.status).toBe(201);
      expect((await admin.client.delete(`/api/invitations/${sent.body.id}`)).status).toBe(204);
    }
  });
});
