import type { TemplateRun } from "./contract";
import type { RunRow } from "./repo";

const iso = (v: Date | string) => new Date(v).toISOString();

/** A run row as the API shows it. */
export function runView(row: RunRow, notes: string[] = []): TemplateRun {
  return {
    id: row.id,
    templateId: row.template_id,
    templateName: row.template_name,
    templateVersion: Number(row.template_version),
    spaceId: row.space_id,
    name: row.name,
    client: row.client,
    jobCode: row.job_code,
    startDate: row.start_date,
    status: row.status,
    error: row.error,
    total: Number(row.total),
    done: Number(row.done),
    createdCount: Number(row.created_count),
    folderId: row.folder_id,
    notes,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
  };
}
