import { sql } from "drizzle-orm";
import type { TemplateTree } from "@domain/templates";
import { rows, run } from "../../db/executor";
import { newId } from "../../lib/ids";
import { runFullSync } from "../sync/full-sync";
import { SYNC_TEST_NOW, syncFixture, type SyncFixture } from "../../../tests/api/sync-fixture";

/*
 * Test fixture of the template-run tests and the templates benchmark (not production code): a
 * synced simulator workspace in Europe/Berlin, people with role tags, a template in the database,
 * and webhook deliveries that can be held back and released (to show they change nothing).
 */

export interface RunFixture {
  f: SyncFixture;
  spaceId: string;
  /** Role holders: the first by name of those tagged Editor, and the Producer. */
  editorId: string;
  producerId: string;
  /** A person assignee (any member). */
  personId: string;
  /** A real option of the "Client" drop-down. */
  clientName: string;
  clientOptionId: string;
  /** Hold webhook deliveries (answered 200 to the simulator) until `releaseWebhooks`. */
  holdWebhooks(on: boolean): void;
  releaseWebhooks(): Promise<number>;
  insertTemplate(tree: TemplateTree, name?: string): Promise<string>;
  close(): Promise<void>;
}

export async function runFixture(): Promise<RunFixture> {
  // The simulator's clock runs from the test date at real speed: its rate-limit windows (the
  // reset an injected 429 announces) pass as the client waits for them.
  const t0 = performance.now();
  const clock = { now: () => SYNC_TEST_NOW + Math.round(performance.now() - t0) };
  let holding = false;
  const held: Array<() => Promise<unknown>> = [];
  const ref: { f?: SyncFixture } = {};
  const f = await syncFixture({
    now: clock.now,
    webhookFetch: (input, init) => {
      const deliver = () =>
        Promise.resolve(ref.f!.ctx.app.request(input instanceof Request ? input : String(input), init));
      if (!holding) return deliver();
      held.push(deliver);
      return Promise.resolve(new Response("{}", { status: 200 }));
    },
  });
  ref.f = f;
  const sync = await runFullSync(f.deps, f.orgId, { trigger: "test", now: clock.now });
  if (sync.status !== "succeeded") throw new Error(`full sync failed: ${sync.error}`);
  const db = f.deps.database.db;
  await run(db, sql`update organizations set time_zone = 'Europe/Berlin' where id = ${f.orgId}`);
  const [space] = await rows<{ id: string }>(
    db,
    sql`select id from spaces where organization_id = ${f.orgId} and not archived and not deleted and not private
        order by name limit 1`,
  );
  const people = await rows<{ id: string }>(
    db,
    sql`select id from provider_users where organization_id = ${f.orgId}
        order by lower(coalesce(username, email, id)), id`,
  );
  if (!space || people.length < 4) throw new Error("the simulated workspace is too small");
  // Two Editors (the first by name gets the work), one Producer.
  const tag = async (id: string, tags: string[]) =>
    run(
      db,
      sql`insert into person_settings (organization_id, clickup_user_id, role_tags)
          values (${f.orgId}, ${id}, ${sql.raw(`ARRAY[${tags.map((t) => `'${t}'`).join(",")}]::text[]`)})
          on conflict (organization_id, clickup_user_id) do update set role_tags = excluded.role_tags`,
    );
  await tag(people[2]!.id, ["editor"]);
  await tag(people[3]!.id, ["Editor", "Colourist"]);
  await tag(people[1]!.id, ["Producer"]);
  const [clientField] = await rows<{ type_config: { options: Array<{ id: string; name: string }> } }>(
    db,
    sql`select type_config from custom_fields where organization_id = ${f.orgId} and name = 'Client'`,
  );
  const option = clientField?.type_config.options[0];
  if (!option) throw new Error("no Client field");
  return {
    f,
    spaceId: space.id,
    editorId: people[2]!.id,
    producerId: people[1]!.id,
    personId: people[0]!.id,
    clientName: option.name,
    clientOptionId: option.id,
    holdWebhooks: (on) => {
      holding = on;
    },
    releaseWebhooks: async () => {
      await f.sim.flushWebhooks(); // every delivery attempted (and held)
      holding = false;
      const n = held.length;
      for (const deliver of held.splice(0)) await deliver();
      return n;
    },
    insertTemplate: async (tree, name = `Template ${newId().slice(0, 8)}`) => {
      const id = newId();
      await run(
        db,
        sql`insert into folder_templates (organization_id, id, name, current_version) values (${f.orgId}, ${id}, ${name}, 1)`,
      );
      await run(
        db,
        sql`insert into folder_template_versions (organization_id, template_id, version, tree)
            values (${f.orgId}, ${id}, 1, ${JSON.stringify(tree)}::jsonb)`,
      );
      return id;
    },
    close: () => f.close(),
  };
}

/** A 30-second spot: two lists, seven tasks (meta first, subtasks, roles, a person, a role nobody has). */
export function spotTemplate(personId: string): TemplateTree {
  const task = (
    over: Partial<TemplateTree["lists"][number]["tasks"][number]> & { key: string; name: string },
  ) => ({
    description: null,
    customItemId: null,
    startOffsetDays: null,
    dueOffsetDays: null,
    estimateMinutes: null,
    assignee: null,
    tags: [],
    parentKey: null,
    ...over,
  });
  return {
    fieldDefaults: [
      { field: "Status Update", value: "Kick-off for {project}" },
      { field: "No Such Field", value: "x" },
    ],
    jobCodePattern: null,
    lists: [
      {
        key: "l1",
        name: "Pre-production",
        startOffsetDays: 0,
        endOffsetDays: 10,
        tasks: [
          task({
            key: "t1",
            name: "{jobCode} {project}",
            description: "Project for {client}",
            customItemId: 1001,
            startOffsetDays: 0,
            dueOffsetDays: 10,
            assignee: { kind: "role", tag: "producer" },
            tags: ["meta"],
          }),
          task({
            key: "t2",
            name: "Kick-off",
            customItemId: 1,
            dueOffsetDays: 1,
            estimateMinutes: 60,
            assignee: { kind: "role", tag: "Producer" },
          }),
          task({
            key: "t4",
            name: "Script review",
            dueOffsetDays: 5,
            parentKey: "t3",
            assignee: { kind: "person", clickupUserId: personId },
          }),
          task({
            key: "t3",
            name: "Script",
            customItemId: 3,
            startOffsetDays: 1,
            dueOffsetDays: 5,
            estimateMinutes: 240,
            assignee: { kind: "role", tag: "Editor" },
          }),
        ],
      },
      {
        key: "l2",
        name: "{project} production",
        startOffsetDays: 10,
        endOffsetDays: 20,
        tasks: [
          task({ key: "t5", name: "Shoot day", customItemId: 1, startOffsetDays: 12, dueOffsetDays: 12 }),
          task({
            key: "t6",
            name: "Deliverable: 30s",
            customItemId: 2,
            dueOffsetDays: 20,
            estimateMinutes: 480,
            assignee: { kind: "role", tag: "Editor" },
            tags: ["film"],
          }),
          task({
            key: "t7",
            name: "Cut",
            dueOffsetDays: 18,
            parentKey: "t6",
            assignee: { kind: "role", tag: "Nobody" },
          }),
        ],
      },
    ],
  };
}
