import { errors } from "./errors";
import type { DropDownOption, FieldValue, LabelOption, LocationValue, SimField, SimTask } from "./model";
import type { SimState } from "./state";

/**
 * Custom-field value encodings (clickup-api.md §3.5). Values are stored canonically (see
 * model.ts FieldValue) and encoded per type on the way out, reproducing ClickUp's quirks:
 * drop_down reads as the option's orderindex but is written (and sent in webhooks) as its uuid,
 * numbers read back as numeric strings, checkboxes as "true"/"false", dates as ms strings.
 */

export function dropDownOptions(field: SimField): DropDownOption[] {
  const options = field.typeConfig["options"];
  return Array.isArray(options) ? (options as DropDownOption[]) : [];
}

export function labelOptions(field: SimField): LabelOption[] {
  const options = field.typeConfig["options"];
  return Array.isArray(options) ? (options as LabelOption[]) : [];
}

/** The `applied_objects` object type of a custom task type (OpenAPI document). */
export const APPLIED_OBJECT_TASK_TYPE = 19;

/** Whether the field applies to tasks of this custom task type (`applied_objects`). */
export function fieldAppliesTo(field: SimField, customItemId: number): boolean {
  return !field.appliesTo || field.appliesTo.includes(customItemId);
}

/**
 * A field definition. `applied_objects` only when asked for (`include_applied_objects=true` on
 * the field endpoints) and only on fields scoped to task types; unscoped fields omit it.
 */
export function serializeFieldDefinition(
  field: SimField,
  opts: { appliedObjects?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: field.id,
    name: field.name,
    type: field.type,
    type_config: field.typeConfig,
    date_created: String(field.dateCreated),
    hide_from_guests: field.hideFromGuests,
    required: field.required,
  };
  if (opts.appliedObjects && field.appliesTo)
    out["applied_objects"] = field.appliesTo.map((id) => ({
      object_type: APPLIED_OBJECT_TASK_TYPE,
      object_id: id,
    }));
  return out;
}

function userStub(state: SimState, id: number): Record<string, unknown> {
  const u = state.users.get(id);
  return {
    id,
    username: u?.username ?? null,
    email: u?.email ?? null,
    color: u?.color ?? null,
    initials: u?.initials ?? null,
    profilePicture: u?.profilePicture ?? null,
  };
}

/** The `value` of a field as read on a task (GET task / task lists). */
export function readFieldValue(
  state: SimState,
  field: SimField,
  value: FieldValue,
  baseUrl: string,
): unknown {
  switch (field.type) {
    case "number":
      // ClickUp usually returns numbers as strings on reads; clients must parse both.
      return String(value);
    case "currency":
    case "emoji":
      return typeof value === "number" ? value : Number(value);
    case "checkbox":
      return value === true ? "true" : "false";
    case "date":
      return String(value);
    case "drop_down": {
      const option = dropDownOptions(field).find((o) => o.id === value);
      return option ? option.orderindex : null;
    }
    case "labels":
      return Array.isArray(value) ? value : [];
    case "users":
      return Array.isArray(value) ? (value as number[]).map((id) => userStub(state, id)) : [];
    case "tasks":
      return Array.isArray(value)
        ? (value as string[]).flatMap((id) => {
            const t = state.taskById.get(id);
            if (!t || t.deleted) return [];
            const status = state.taskStatus(t);
            return [
              {
                id: t.id,
                name: t.name,
                status: status.status,
                color: status.color,
                custom_type: null,
                custom_id: t.customId,
                team_id: t.teamId,
                deleted: false,
                url: `${baseUrl}/t/${t.id}`,
                access: true,
              },
            ];
          })
        : [];
    case "manual_progress": {
      const start = Number(field.typeConfig["start"] ?? 0);
      const end = Number(field.typeConfig["end"] ?? 100);
      const current = Number(value);
      const pct = end === start ? 0 : Math.round(((current - start) / (end - start)) * 100);
      return { current: String(current), percent_completed: pct };
    }
    default:
      return value;
  }
}

/** The value as it appears in webhook history items: not normalised, drop_down as uuid. */
export function webhookFieldValue(field: SimField, value: FieldValue | undefined): unknown {
  if (value === undefined) return null;
  if (field.type === "checkbox") return value === true;
  if (field.type === "number" || field.type === "currency") return String(value);
  return value;
}

/**
 * `custom_fields[]` of a task: every field accessible on its list that applies to the task's
 * `custom_item_id` (OpenAPI document: "Each task's `custom_fields` array only includes Custom
 * Fields applicable to that task's `custom_item_id`"), `value` only when set. A value kept from
 * before the task changed type is stored but not shown.
 */
export function taskCustomFields(state: SimState, task: SimTask, baseUrl: string): Record<string, unknown>[] {
  const list = state.lists.get(task.listId);
  if (!list) return [];
  return state.fieldsForTask(task, list).map((field) => {
    const out = serializeFieldDefinition(field);
    const value = task.fields?.[field.id];
    if (value !== undefined) out["value"] = readFieldValue(state, field, value, baseUrl);
    return out;
  });
}

function asNumber(raw: unknown): number | null {
  if (typeof raw === "number" && Number.isFinite(raw)) return raw;
  if (typeof raw === "string" && raw.trim() !== "" && Number.isFinite(Number(raw))) return Number(raw);
  return null;
}

function addRem<T extends string | number>(
  raw: unknown,
  current: readonly T[],
  coerce: (v: unknown) => T | null,
): T[] {
  // Accept both the documented {add, rem} form and a plain array (treated as replace).
  if (Array.isArray(raw)) return raw.map(coerce).filter((v): v is T => v !== null);
  if (raw && typeof raw === "object") {
    const obj = raw as { add?: unknown; rem?: unknown };
    const add = Array.isArray(obj.add) ? obj.add.map(coerce).filter((v): v is T => v !== null) : [];
    const rem = new Set(Array.isArray(obj.rem) ? obj.rem.map(coerce).filter((v): v is T => v !== null) : []);
    const next = current.filter((v) => !rem.has(v));
    for (const v of add) if (!next.includes(v)) next.push(v);
    return next;
  }
  throw errors.fieldValue("Value must be an object with add/rem arrays");
}

/**
 * Decode a `POST /task/{id}/field/{field_id}` value into the stored form, validating it the
 * way ClickUp does. Returns `undefined` to clear the value (a `null` body value).
 */
export function parseFieldWrite(
  state: SimState,
  field: SimField,
  raw: unknown,
  current: FieldValue | undefined,
): FieldValue | undefined {
  if (raw === null) return undefined;
  switch (field.type) {
    case "text":
    case "short_text":
    case "url":
    case "email":
    case "phone":
      if (typeof raw !== "string") throw errors.fieldValue("Value must be a string");
      if (field.type === "email" && raw !== "" && !/^[^@\s]+@[^@\s]+$/.test(raw))
        throw errors.fieldValue("Value must be an email address");
      return raw;
    case "number":
    case "currency": {
      const n = asNumber(raw);
      if (n === null) throw errors.fieldValue("Value must be a number");
      return n;
    }
    case "emoji": {
      const n = asNumber(raw);
      const max = Number(field.typeConfig["count"] ?? 5);
      if (n === null || !Number.isInteger(n) || n < 0 || n > max)
        throw errors.fieldValue(`Value must be an integer from 0 to ${max}`);
      return n;
    }
    case "checkbox":
      if (raw === true || raw === "true") return true;
      if (raw === false || raw === "false") return false;
      throw errors.fieldValue("Value must be a boolean");
    case "date": {
      const n = asNumber(raw);
      if (n === null) throw errors.fieldValue("Value must be a unix timestamp in milliseconds");
      return n;
    }
    case "drop_down": {
      const options = dropDownOptions(field);
      if (typeof raw === "string") {
        const byId = options.find((o) => o.id === raw);
        if (byId) return byId.id;
      }
      const index = asNumber(raw);
      if (index !== null) {
        const byIndex = options.find((o) => o.orderindex === index);
        if (byIndex) return byIndex.id;
      }
      throw errors.dropDownValue();
    }
    case "labels": {
      if (!Array.isArray(raw)) throw errors.fieldValue("Value must be an array of label option ids");
      const valid = new Set(labelOptions(field).map((o) => o.id));
      for (const v of raw)
        if (typeof v !== "string" || !valid.has(v)) throw errors.fieldValue("Unknown label option id");
      return [...new Set(raw as string[])];
    }
    case "users": {
      const next = addRem<number>(raw, Array.isArray(current) ? (current as number[]) : [], (v) => {
        const n = asNumber(v);
        return n !== null && state.users.has(n) ? n : null;
      });
      return next;
    }
    case "tasks":
      return addRem<string>(raw, Array.isArray(current) ? (current as string[]) : [], (v) =>
        typeof v === "string" && state.taskById.has(v) ? v : null,
      );
    case "manual_progress": {
      const n =
        raw && typeof raw === "object" ? asNumber((raw as { current?: unknown }).current) : asNumber(raw);
      if (n === null) throw errors.fieldValue("Value must be {current: number}");
      return n;
    }
    case "location": {
      const loc = raw as Partial<LocationValue> | null;
      if (
        !loc ||
        typeof loc !== "object" ||
        !loc.location ||
        typeof loc.location.lat !== "number" ||
        typeof loc.location.lng !== "number"
      ) {
        throw errors.fieldValue("Value must be {location: {lat, lng}, formatted_address}");
      }
      return {
        location: { lat: loc.location.lat, lng: loc.location.lng },
        formatted_address: String(loc.formatted_address ?? ""),
      };
    }
  }
}
