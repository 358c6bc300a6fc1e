import { expect } from "vitest";
import type { TestContext } from "../../../tests/api/harness";
import type { Client } from "../client-invoices/contract";
import { newJob, type Job } from "../purchase-orders/test-support";

/*
 * Test fixture of the SOW API tests (not production code): a workspace with a project (folder),
 * an approved budget of it (newJob of the purchase orders' fixture), a client, and deliverable
 * tasks (ClickUp type 2) in the project as the sync would store them.
 */

export interface SowJob extends Job {
  projectId: string;
  client: Client;
}

/** A job (own workspace, approved budget) with a client that has an e-mail address. */
export async function newSowJob(ctx: TestContext): Promise<SowJob> {
  const job = await newJob(ctx);
  const client = await job.owner.client.post<Client>("/api/clients", {
    name: "Acme Corp",
    email: "legal@acme.example",
    contactName: "Alex",
    address: "1 Main St\nSpringfield",
    paymentTermsDays: 14,
  });
  expect(client.status, client.text).toBe(201);
  return { ...job, projectId: job.budget.projectId, client: client.body };
}

/** A synced task of the project (type 2 = deliverable unless `type` says otherwise). */
export async function addTask(
  ctx: TestContext,
  job: SowJob,
  task: { id: string; name: string; dueDate?: string | null; type?: number; deleted?: boolean; url?: string },
): Promise<void> {
  await ctx.database.raw.query(
    `insert into tasks (organization_id, id, name, folder_id, custom_item_id, due_date, deleted, url)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (organization_id, id) do update
       set name = excluded.name, due_date = excluded.due_date, deleted = excluded.deleted`,
    [
      job.organizationId,
      task.id,
      task.name,
      job.projectId,
      task.type ?? 2,
      task.dueDate ?? null,
      task.deleted ?? false,
      task.url ?? null,
    ],
  );
}
