import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../db/executor";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import type { TemplateRun } from "./contract";
import { runFixture, spotTemplate, type RunFixture } from "./test-support";

/*
 * /api/template-runs over HTTP with the real simulator: a run through the API to the end (the
 * progress the web polls, the project in the Projects data at once), retry, bad input, another
 * workspace's objects (404), members (403), spaces the connection cannot reach (409).
 */

describe("/api/template-runs", { timeout: 60_000 }, () => {
  let x: RunFixture;
  let admin: WorkspaceUser;
  let member: WorkspaceUser;
  let outsider: WorkspaceUser;
  let templateId: string;
  let otherTemplateId: string;
  const body = (over: Record<string, unknown> = {}) => ({
    templateId,
    spaceId: x.spaceId,
    name: "Launch film",
    client: x.clientName,
    jobCode: "J-100",
    startDate: "2026-03-30",
    ...over,
  });

  beforeAll(async () => {
    x = await runFixture();
    admin = await createUserInWorkspace(x.f.ctx, { role: "admin", organizationId: x.f.orgId });
    member = await createUserInWorkspace(x.f.ctx, { role: "member", organizationId: x.f.orgId });
    outsider = await createUserInWorkspace(x.f.ctx, { role: "owner" });
    templateId = await x.insertTemplate(spotTemplate(x.personId));
    // Another workspace's template.
    await run(
      x.f.deps.database.db,
      sql`insert into folder_templates (organization_id, id, name) values (${outsider.organizationId}, 'other-tpl', 'Theirs')`,
    );
    await run(
      x.f.deps.database.db,
      sql`insert into folder_template_versions (organization_id, template_id, version, tree)
          values (${outsider.organizationId}, 'other-tpl', 1, ${JSON.stringify(spotTemplate(x.personId))}::jsonb)`,
    );
    otherTemplateId = "other-tpl";
  });
  afterAll(async () => {
    await x.close();
  });

  const poll = async (id: string, until: (r: TemplateRun) => boolean): Promise<TemplateRun> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await admin.client.get<TemplateRun>(`/api/template-runs/${id}`);
      expect(res.status).toBe(200);
      if (until(res.body)) return res.body;
      if (Date.now() > deadline) throw new Error(`run still ${res.body.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it("creates the project in the background: 202 queued, progress to succeeded, the project here at once", async () => {
    const res = await admin.client.post<TemplateRun>("/api/template-runs", body());
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: "queued",
      total: 10,
      done: 0,
      templateVersion: 1,
      name: "Launch film",
    });
    const done = await poll(res.body.id, (r) => r.status === "succeeded" || r.status === "failed");
    expect(done).toMatchObject({ status: "succeeded", done: 10, total: 10, createdCount: 10, error: null });
    expect(done.folderId).toBeTruthy();
    expect(done.notes).toEqual(
      expect.arrayContaining([
        expect.stringContaining('"No Such Field"'),
        expect.stringContaining('"Nobody"'),
      ]),
    );
    expect(
      await x.f.count(
        sql`select count(*) n from folders where organization_id = ${x.f.orgId} and id = ${done.folderId} and name = 'Launch film' and not deleted`,
      ),
    ).toBe(1);
    expect(
      await x.f.count(
        sql`select count(*) n from tasks where organization_id = ${x.f.orgId} and folder_id = ${done.folderId}`,
      ),
    ).toBe(7);
    const list = await admin.client.get<{ runs: TemplateRun[] }>(
      `/api/template-runs?templateId=${templateId}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.runs.map((r) => r.id)).toContain(res.body.id);
    expect(
      await x.f.count(
        sql`select count(*) n from audit_events where organization_id = ${x.f.orgId} and object_type = 'template_run' and object_id = ${res.body.id} and action = 'created'`,
      ),
    ).toBe(1);

    // The name is taken now (the project was upserted), and a finished run cannot be retried.
    const again = await admin.client.post("/api/template-runs", body());
    expect(again.status).toBe(409);
    expect(again.text).toContain('"field":"name"');
    expect((await admin.client.post(`/api/template-runs/${res.body.id}/retry`, {})).status).toBe(409);
  });

  it("a refused run fails with the reason and its retry finishes it", async () => {
    x.f.sim.faults.set({
      failNextRequests: 1000,
      failNextStatus: 403,
      match: /\/list\/[^/]+\/task$/,
      methods: ["POST"],
    });
    const res = await admin.client.post<TemplateRun>("/api/template-runs", body({ name: "Refused film" }));
    expect(res.status).toBe(202);
    const failed = await poll(res.body.id, (r) => r.status === "failed" || r.status === "succeeded");
    x.f.sim.faults.clear();
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/Could not create the task "J-100 Refused film": ClickUp answered 403/);
    expect(failed.done).toBe(2); // the folder and the first list; the meta task was refused
    const retried = await admin.client.post<TemplateRun>(`/api/template-runs/${res.body.id}/retry`, {});
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ status: "queued", error: null });
    const done = await poll(res.body.id, (r) => r.status === "succeeded" || r.status === "failed");
    expect(done).toMatchObject({ status: "succeeded", done: 10 });
    expect(
      await x.f.count(
        sql`select count(*) n from audit_events where organization_id = ${x.f.orgId} and object_type = 'template_run' and object_id = ${res.body.id} and action = 'retried'`,
      ),
    ).toBe(1);
  });

  it("refuses bad input with 400 naming the field", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ startDate: "2026-02-30" }, "startDate"],
      [{ startDate: "30/03/2026" }, "startDate"],
      [{ startDate: "9999-01-01" }, "startDate"],
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(201) }, "name"],
      [{ templateId: "" }, "templateId"],
      [{ spaceId: "../x" }, "spaceId"],
      [{ version: 0 }, "version"],
      [{ extra: 1 }, ""],
    ];
    for (const [over, field] of cases) {
      const res = await admin.client.post<{ error: { fields?: Array<{ field: string }> } }>(
        "/api/template-runs",
        body(over),
      );
      expect(res.status, JSON.stringify(over)).toBe(400);
      if (field) expect(res.body.error.fields?.map((f) => f.field)).toContain(field);
    }
  });

  it("refuses an invalid stored tree with 400 naming templateId", async () => {
    const tree = spotTemplate(x.personId);
    tree.lists[0]!.tasks[1]!.dueOffsetDays = 99; // outside its list's range
    const bad = await x.insertTemplate(tree);
    const res = await admin.client.post<{ error: { fields: Array<{ field: string }> } }>(
      "/api/template-runs",
      body({ templateId: bad, name: "Bad tree" }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields.map((f) => f.field)).toEqual(["templateId"]);
  });

  it("404 for another workspace's or an unknown template, space or run; 409 for a space out of reach", async () => {
    expect(
      (await admin.client.post("/api/template-runs", body({ templateId: otherTemplateId }))).status,
    ).toBe(404);
    expect((await admin.client.post("/api/template-runs", body({ templateId: "nope" }))).status).toBe(404);
    expect((await admin.client.post("/api/template-runs", body({ version: 7 }))).status).toBe(404);
    expect((await admin.client.post("/api/template-runs", body({ spaceId: "123456" }))).status).toBe(404);
    const mine = await admin.client.get<{ runs: TemplateRun[] }>("/api/template-runs");
    const runId = mine.body.runs[0]!.id;
    expect((await outsider.client.get(`/api/template-runs/${runId}`)).status).toBe(404);
    expect((await outsider.client.post(`/api/template-runs/${runId}/retry`, {})).status).toBe(404);
    expect((await outsider.client.get<{ runs: TemplateRun[] }>("/api/template-runs")).body.runs).toEqual([]);

    await run(
      x.f.deps.database.db,
      sql`update spaces set archived = true where organization_id = ${x.f.orgId} and id = ${x.spaceId}`,
    );
    const archived = await admin.client.post("/api/template-runs", body({ name: "Archived space" }));
    await run(
      x.f.deps.database.db,
      sql`update spaces set archived = false where organization_id = ${x.f.orgId} and id = ${x.spaceId}`,
    );
    expect(archived.status).toBe(409);
    expect(archived.text).toContain('"field":"spaceId"');
  });

  it("members get 403", async () => {
    expect((await member.client.post("/api/template-runs", body({ name: "Member film" }))).status).toBe(403);
    expect((await member.client.get("/api/template-runs")).status).toBe(403);
  });
});
