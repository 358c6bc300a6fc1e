import { transaction } from "../../db/executor";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { deleteDataset, insertDataset, selectDataset, selectDatasets } from "./accrual-repo";
import {
  accrualDataSchema,
  type CreateDataset,
  type DatasetListResponse,
  type DatasetResponse,
  type DatasetSummary,
} from "./contract";
import { datasetSummary } from "./datasets-views";

/*
 * Accrual datasets (spec §3 project_datasets, §7): named snapshots of the report, listed newest
 * first, opened, deleted; each write in its own transaction with its audit row (category finance:
 * the snapshot holds revenue).
 */

export async function listDatasets(ctx: RequestContext): Promise<DatasetListResponse> {
  return { datasets: (await selectDatasets(ctx.db, ctx.organizationId)).map(datasetSummary) };
}

export async function getDataset(ctx: RequestContext, id: string): Promise<DatasetResponse> {
  const row = await selectDataset(ctx.db, ctx.organizationId, id);
  if (!row) throw notFound("Dataset not found");
  return { ...datasetSummary(row), data: accrualDataSchema.parse(row.data) };
}

export async function createDataset(ctx: RequestContext, input: CreateDataset): Promise<DatasetSummary> {
  return transaction(ctx.deps.database, async (tx) => {
    const row = await insertDataset(tx, {
      organizationId: ctx.organizationId,
      id: newId(),
      name: input.name,
      description: input.description ? input.description : null,
      data: input.data,
      createdBy: ctx.userId,
      at: ctx.deps.now(),
    });
    await recordChange(ctx, tx, {
      object: "project_dataset",
      id: row.id,
      action: "created",
      after: { name: row.name, description: row.description, projects: input.data.projects.length },
      category: "finance",
    });
    return datasetSummary(row);
  });
}

export async function removeDataset(ctx: RequestContext, id: string): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    const row = await deleteDataset(tx, ctx.organizationId, id);
    if (!row) throw notFound("Dataset not found");
    await recordChange(ctx, tx, {
      object: "project_dataset",
      id: row.id,
      action: "deleted",
      before: { name: row.name, description: row.description },
      category: "finance",
    });
  });
}
