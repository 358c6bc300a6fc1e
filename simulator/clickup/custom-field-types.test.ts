import { describe, expect, it } from "vitest";
import { call, testSim } from "./test-support";

type Field = { id: string; name: string; value?: unknown; applied_objects?: unknown };
type Task = { id: string; custom_item_id: number; list: { id: string }; custom_fields: Field[] };

/**
 * Custom fields by task type (OpenAPI document, "Custom Fields by Task Type"): a field scoped to
 * custom task types carries `applied_objects` (`object_type` 19); a task's `custom_fields` only
 * include the fields that apply to its `custom_item_id`; setting a value on another type is a 400.
 */
describe("custom fields scoped to task types", () => {
  it("lists a scoped field only on tasks of its types, shows applied_objects on request, refuses other types", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const tasks = sim.state.tasks.filter((t) => !t.deleted && t.teamId === sim.demo.teamId);
    const plain = tasks.find((t) => t.customItemId === 0)!;
    const other =
      tasks.find((t) => t.customItemId === 2 && t.listId === plain.listId) ??
      tasks.find((t) => t.customItemId === 2)!;
    const field = sim.state.addField({
      teamId: sim.demo.teamId,
      name: "Deliverable format",
      type: "short_text",
      typeConfig: {},
      scope: { level: "team", id: sim.demo.teamId },
      appliesTo: [0],
    });
    const get = (id: string) => call<Task>(sim, "GET", `/api/v2/task/${id}`, { auth: pk });
    const names = async (id: string) => (await get(id)).body.custom_fields.map((f) => f.id);
    expect(await names(plain.id)).toContain(field.id);
    expect(await names(other.id)).not.toContain(field.id);
    // Unscoped fields still appear on every type.
    const unscoped = [...sim.state.fields.values()].find(
      (f) => f.teamId === sim.demo.teamId && !f.appliesTo,
    )!;
    expect(await names(other.id)).toContain(unscoped.id);

    const set = (id: string) =>
      call(sim, "POST", `/api/v2/task/${id}/field/${field.id}`, { auth: pk, body: { value: "16:9" } });
    expect((await set(plain.id)).status).toBe(200);
    expect((await get(plain.id)).body.custom_fields.find((f) => f.id === field.id)?.value).toBe("16:9");
    expect((await set(other.id)).status).toBe(400);

    const defs = (q: string) =>
      call<{ fields: Field[] }>(sim, "GET", `/api/v2/list/${plain.listId}/field${q}`, { auth: pk });
    const plainDef = (await defs("")).body.fields.find((f) => f.id === field.id)!;
    expect(plainDef).not.toHaveProperty("applied_objects");
    const withObjects = (await defs("?include_applied_objects=true")).body.fields;
    expect(withObjects.find((f) => f.id === field.id)?.applied_objects).toEqual([
      { object_type: 19, object_id: 0 },
    ]);
    expect(withObjects.find((f) => f.id === unscoped.id)).not.toHaveProperty("applied_objects");

    // A task created as another type drops the value (Create Task: only applicable values are saved).
    const created = await call<Task>(sim, "POST", `/api/v2/list/${plain.listId}/task`, {
      auth: pk,
      body: { name: "Typed", custom_item_id: 2, custom_fields: [{ id: field.id, value: "4:3" }] },
    });
    expect(created.status).toBe(200);
    expect(created.body.custom_fields.map((f) => f.id)).not.toContain(field.id);
    expect(sim.state.taskById.get(created.body.id)?.fields?.[field.id]).toBeUndefined();
  });
});
