import { displayName } from "@domain/format";
import { countTasks, type TemplateTree } from "@domain/templates";
import type { TemplateDetail, TemplateProject, TemplateVersionSummary } from "./contract";
import type { TemplateRow, TemplateRunRow, VersionSummaryRow } from "./repo";

/* Rows → contract views, and the audit snapshot of a template (never the whole tree). */

export const iso = (value: Date | string): string => new Date(value).toISOString();

interface CreatorColumns {
  created_by: string | null;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  created_by_email: string | null;
}

export function creatorView(row: CreatorColumns): { id: string; name: string } | null {
  if (!row.created_by) return null;
  return {
    id: row.created_by,
    name: displayName({
      firstName: row.created_by_first_name,
      lastName: row.created_by_last_name,
      email: row.created_by_email,
    }),
  };
}

export function versionSummaryView(row: VersionSummaryRow): TemplateVersionSummary {
  return {
    version: Number(row.version),
    listCount: Number(row.list_count),
    taskCount: Number(row.task_count),
    createdBy: creatorView(row),
    createdAt: iso(row.created_at),
  };
}

export function runView(row: TemplateRunRow): TemplateProject {
  return {
    runId: row.id,
    version: Number(row.template_version),
    name: row.name,
    status: row.status,
    folderId: row.folder_id,
    startDate: row.start_date,
    createdAt: iso(row.created_at),
  };
}

export function detailView(
  row: TemplateRow,
  tree: TemplateTree,
  versions: VersionSummaryRow[],
  runs: TemplateRunRow[],
): TemplateDetail {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    currentVersion: Number(row.current_version),
    sourceFolderId: row.source_folder_id,
    tree,
    versions: versions.map(versionSummaryView),
    projects: runs.map(runView),
    createdBy: creatorView(row),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** What the audit trail keeps of a template: its name, description, version and size. */
export function templateAudit(t: {
  name: string;
  description: string | null;
  version: number;
  tree: TemplateTree;
}) {
  return {
    name: t.name,
    description: t.description,
    version: t.version,
    lists: t.tree.lists.length,
    tasks: countTasks(t.tree),
  };
}
