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

type ErrorAnswer = {
  error: { code: string; message: string; fields?: { field: string; message: string }[] };
};

describe("a ClickUp token with a line break (issue 11, item 10: answered 503 'ClickUp is not answering')", () => {
  it.each([
    ["/api/clickup/me/token", "member"],
    ["/api/clickup/workspace/token", "owner"],
  ] as const)("POST %s as %s → 400 naming token", async (path, role) => {
    const user = await createUserInWorkspace(ctx, { role });
    const res = await user.client.post<ErrorAnswer>(path, { token: "pk_1_ABCDEF\r\nX-Injected: yes" });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.fields?.[0]?.field).toBe("token");
    expect(res.body.error.message).toMatch(/malformed/);
    expect(res.text).not.toMatch(/not answering/);
  });
});
