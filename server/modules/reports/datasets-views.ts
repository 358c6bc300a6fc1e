import type { DatasetRow } from "./accrual-repo";
import type { DatasetSummary } from "./contract";

/** A project_datasets row as the API answers it (without its data). */
export function datasetSummary(row: DatasetRow): DatasetSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdBy: row.created_by,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
