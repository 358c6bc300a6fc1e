import type { Prng } from "./prng";
import type { TimeEntryTag } from "./model";

/**
 * Columnar storage for time entries. The large demo agency has a million of them; as objects
 * they would cost ~200 MB, as typed-array columns ~45 MB. Entries are addressed by index; the
 * 19-digit string id is derived from the index (prefix + base + index × stride), so no id map
 * is needed and ids still look like ClickUp's ("4927021492799897428").
 */

export const TIME_ENTRY_SOURCES = ["clickup", "api", "api_automatic"] as const;
export type TimeEntrySource = (typeof TIME_ENTRY_SOURCES)[number];

const FLAG_DELETED = 1;
const FLAG_RUNNING = 2;
const FLAG_BILLABLE = 4;

export interface TimeEntryRecord {
  index: number;
  id: string;
  /** Index into SimState.tasks, or -1 for an entry without a task. */
  taskIndex: number;
  /** Index into SimState.userList. */
  userIndex: number;
  /** Index into SimState.teamList (the entry's workspace, `wid`). */
  teamIndex: number;
  start: number;
  /** ms; for a running timer ClickUp reports `-start`. */
  duration: number;
  running: boolean;
  billable: boolean;
  deleted: boolean;
  description: string;
  source: TimeEntrySource;
  /** Last change (ms), ClickUp's `at`. */
  at: number;
  tags: TimeEntryTag[];
}

export interface NewTimeEntry {
  taskIndex: number;
  userIndex: number;
  teamIndex: number;
  start: number;
  duration: number;
  running?: boolean;
  billable: boolean;
  description: string;
  source: TimeEntrySource;
  at: number;
  tags?: TimeEntryTag[];
}

export class TimeEntryStore {
  private capacity: number;
  count = 0;
  taskIdx: Int32Array;
  userIdx: Int32Array;
  teamIdx: Uint16Array;
  start: Float64Array;
  duration: Float64Array;
  at: Float64Array;
  flags: Uint8Array;
  descIdx: Int32Array;
  sourceIdx: Uint8Array;
  private readonly descriptions: string[] = [""];
  private readonly descriptionIndex = new Map<string, number>([["", 0]]);
  private readonly tags = new Map<number, TimeEntryTag[]>();
  private readonly idPrefix: string;
  private readonly idBase: number;
  private static readonly ID_STRIDE = 7919;

  constructor(prng: Prng, initialCapacity = 1024) {
    this.capacity = Math.max(16, initialCapacity);
    this.taskIdx = new Int32Array(this.capacity);
    this.userIdx = new Int32Array(this.capacity);
    this.teamIdx = new Uint16Array(this.capacity);
    this.start = new Float64Array(this.capacity);
    this.duration = new Float64Array(this.capacity);
    this.at = new Float64Array(this.capacity);
    this.flags = new Uint8Array(this.capacity);
    this.descIdx = new Int32Array(this.capacity);
    this.sourceIdx = new Uint8Array(this.capacity);
    this.idPrefix = "49" + String(prng.int(0, 9));
    this.idBase = 1_000_000_000_000_000 + Math.floor(prng.next() * 1_000_000_000_000_000);
  }

  /** Pre-size for a known number of entries (avoids repeated growth while generating). */
  reserve(total: number): void {
    if (total > this.capacity) this.grow(total);
  }

  private grow(min: number): void {
    let next = this.capacity * 2;
    while (next < min) next *= 2;
    const copy = <T extends Int32Array | Uint16Array | Float64Array | Uint8Array>(
      a: T,
      make: (n: number) => T,
    ): T => {
      const b = make(next);
      b.set(a);
      return b;
    };
    this.taskIdx = copy(this.taskIdx, (n) => new Int32Array(n));
    this.userIdx = copy(this.userIdx, (n) => new Int32Array(n));
    this.teamIdx = copy(this.teamIdx, (n) => new Uint16Array(n));
    this.start = copy(this.start, (n) => new Float64Array(n));
    this.duration = copy(this.duration, (n) => new Float64Array(n));
    this.at = copy(this.at, (n) => new Float64Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    this.descIdx = copy(this.descIdx, (n) => new Int32Array(n));
    this.sourceIdx = copy(this.sourceIdx, (n) => new Uint8Array(n));
    this.capacity = next;
  }

  descriptionId(text: string): number {
    let idx = this.descriptionIndex.get(text);
    if (idx === undefined) {
      idx = this.descriptions.length;
      this.descriptions.push(text);
      this.descriptionIndex.set(text, idx);
    }
    return idx;
  }

  add(entry: NewTimeEntry): number {
    if (this.count >= this.capacity) this.grow(this.count + 1);
    const i = this.count++;
    this.taskIdx[i] = entry.taskIndex;
    this.userIdx[i] = entry.userIndex;
    this.teamIdx[i] = entry.teamIndex;
    this.start[i] = entry.start;
    this.duration[i] = entry.duration;
    this.at[i] = entry.at;
    this.flags[i] = (entry.billable ? FLAG_BILLABLE : 0) | (entry.running ? FLAG_RUNNING : 0);
    this.descIdx[i] = this.descriptionId(entry.description);
    this.sourceIdx[i] = Math.max(0, TIME_ENTRY_SOURCES.indexOf(entry.source));
    if (entry.tags && entry.tags.length > 0) this.tags.set(i, entry.tags);
    return i;
  }

  /** Fast path for the generator: description already interned, no tags. */
  addRaw(
    taskIndex: number,
    userIndex: number,
    teamIndex: number,
    start: number,
    duration: number,
    at: number,
    billable: boolean,
    descIndex: number,
    sourceIndex: number,
  ): void {
    if (this.count >= this.capacity) this.grow(this.count + 1);
    const i = this.count++;
    this.taskIdx[i] = taskIndex;
    this.userIdx[i] = userIndex;
    this.teamIdx[i] = teamIndex;
    this.start[i] = start;
    this.duration[i] = duration;
    this.at[i] = at;
    this.flags[i] = billable ? FLAG_BILLABLE : 0;
    this.descIdx[i] = descIndex;
    this.sourceIdx[i] = sourceIndex;
  }

  id(index: number): string {
    return this.idPrefix + String(this.idBase + index * TimeEntryStore.ID_STRIDE).padStart(16, "0");
  }

  /** Index for a 19-digit id, or -1 when it is not one of ours (or deleted). */
  indexOf(id: string): number {
    if (id.length !== 19 || !id.startsWith(this.idPrefix) || !/^\d+$/.test(id)) return -1;
    const offset = Number(id.slice(3)) - this.idBase;
    if (offset < 0 || offset % TimeEntryStore.ID_STRIDE !== 0) return -1;
    const index = offset / TimeEntryStore.ID_STRIDE;
    if (index >= this.count || this.isDeleted(index)) return -1;
    return index;
  }

  isDeleted(i: number): boolean {
    return ((this.flags[i] ?? 0) & FLAG_DELETED) !== 0;
  }

  isRunning(i: number): boolean {
    return ((this.flags[i] ?? 0) & FLAG_RUNNING) !== 0;
  }

  isBillable(i: number): boolean {
    return ((this.flags[i] ?? 0) & FLAG_BILLABLE) !== 0;
  }

  description(i: number): string {
    return this.descriptions[this.descIdx[i] ?? 0] ?? "";
  }

  get(i: number): TimeEntryRecord {
    const flags = this.flags[i] ?? 0;
    return {
      index: i,
      id: this.id(i),
      taskIndex: this.taskIdx[i] ?? -1,
      userIndex: this.userIdx[i] ?? 0,
      teamIndex: this.teamIdx[i] ?? 0,
      start: this.start[i] ?? 0,
      duration: this.duration[i] ?? 0,
      running: (flags & FLAG_RUNNING) !== 0,
      billable: (flags & FLAG_BILLABLE) !== 0,
      deleted: (flags & FLAG_DELETED) !== 0,
      description: this.description(i),
      source: TIME_ENTRY_SOURCES[this.sourceIdx[i] ?? 0] ?? "clickup",
      at: this.at[i] ?? 0,
      tags: this.tags.get(i) ?? [],
    };
  }

  update(
    i: number,
    patch: Partial<
      Pick<
        TimeEntryRecord,
        "taskIndex" | "start" | "duration" | "running" | "billable" | "description" | "at" | "tags"
      >
    >,
  ): void {
    if (patch.taskIndex !== undefined) this.taskIdx[i] = patch.taskIndex;
    if (patch.start !== undefined) this.start[i] = patch.start;
    if (patch.duration !== undefined) this.duration[i] = patch.duration;
    if (patch.at !== undefined) this.at[i] = patch.at;
    if (patch.description !== undefined) this.descIdx[i] = this.descriptionId(patch.description);
    let flags = this.flags[i] ?? 0;
    if (patch.billable !== undefined) flags = patch.billable ? flags | FLAG_BILLABLE : flags & ~FLAG_BILLABLE;
    if (patch.running !== undefined) flags = patch.running ? flags | FLAG_RUNNING : flags & ~FLAG_RUNNING;
    this.flags[i] = flags;
    if (patch.tags !== undefined) {
      if (patch.tags.length > 0) this.tags.set(i, patch.tags);
      else this.tags.delete(i);
    }
  }

  markDeleted(i: number): void {
    this.flags[i] = (this.flags[i] ?? 0) | FLAG_DELETED;
  }

  /** All distinct time-entry labels in use (for GET …/time_entries/tags). */
  allTags(): TimeEntryTag[] {
    const byName = new Map<string, TimeEntryTag>();
    for (const [i, list] of this.tags) {
      if (this.isDeleted(i)) continue;
      for (const t of list) if (!byName.has(t.name)) byName.set(t.name, t);
    }
    return [...byName.values()];
  }

  /** Approximate bytes held by the columns (for the benchmark report). */
  byteSize(): number {
    return this.capacity * (4 + 4 + 2 + 8 + 8 + 8 + 1 + 4 + 1);
  }
}
