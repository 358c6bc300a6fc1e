import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FINANCE_AUDIT_OBJECT_LABELS, FINANCE_AUDIT_OBJECTS } from "./contract";

/*
 * The finance audit screen filters on FINANCE_AUDIT_OBJECTS: an object a use case records with
 * category "finance" but the list lacks cannot be filtered on, and a listed object nobody records
 * is a filter that always finds nothing (the list once offered "bill" while the bills module
 * recorded "vendor_bill"). Every recordChange call of server/modules is read for both.
 */

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [file] : [];
  });
}

/** The `object` of every recordChange(…, { … category: "finance" … }) call. */
function financeObjects(): Set<string> {
  const found = new Set<string>();
  for (const file of sources(path.join(process.cwd(), "server/modules"))) {
    const text = fs.readFileSync(file, "utf8");
    for (const call of text.split("recordChange(").slice(1)) {
      const body = call.slice(0, call.indexOf("});") + 1);
      if (!/category: "finance"/.test(body)) continue;
      const object = /object: "([a-z_]+)"/.exec(body)?.[1];
      if (object) found.add(object);
    }
  }
  return found;
}

describe("the finance audit trail's objects", () => {
  it("lists exactly the objects the finance use cases record, each with a label", () => {
    const recorded = financeObjects();
    expect(recorded.size).toBeGreaterThan(10);
    expect([...recorded].sort()).toEqual([...FINANCE_AUDIT_OBJECTS].sort());
    for (const object of FINANCE_AUDIT_OBJECTS) expect(FINANCE_AUDIT_OBJECT_LABELS[object]).toBeTruthy();
  });
});
