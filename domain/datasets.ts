/** A saved project dataset (spec §3 project_datasets). */
export interface ProjectDataset<D> {
  id: string;
  name: string;
  data: D;
}

export type DatasetSource = "active" | "saved" | "samples";

/**
 * Dataset selection (spec §4): the active dataset's data when the active id names a saved
 * dataset; otherwise the first saved dataset (callers pass them ordered by updated_at descending,
 * as the spec reads them); otherwise the built-in samples.
 */
export function selectDatasetData<D>(
  datasets: readonly ProjectDataset<D>[],
  activeId: string | null | undefined,
  samples: D,
): { source: DatasetSource; datasetId: string | null; data: D } {
  const active = activeId ? datasets.find((d) => d.id === activeId) : undefined;
  if (active) return { source: "active", datasetId: active.id, data: active.data };
  const first = datasets[0];
  if (first) return { source: "saved", datasetId: first.id, data: first.data };
  return { source: "samples", datasetId: null, data: samples };
}
