import type { StatusType } from "../model";
import type { SpaceKind } from "./model";

/**
 * The five project spaces: one per phase of a job, each with its ClickUp statuses. Every live
 * space also has a "bid" status: a follow-on job is bid for inside the space it will run in, so
 * each space holds some tentative (Bid-phase) work.
 */

export type StatusDef = { status: string; type: StatusType; color: string };

export const S = (status: string, type: StatusType, color: string): StatusDef => ({ status, type, color });

export const SPACE_DEFS: Record<
  SpaceKind,
  { name: string; color: string; statuses: StatusDef[]; share: number }
> = {
  bids: {
    name: "BIDS",
    color: "#f9d900",
    share: 0.12,
    statuses: [
      S("bid", "open", "#d3d3d3"),
      S("in progress", "custom", "#4194f6"),
      S("pending", "custom", "#f9d900"),
      S("needs work", "custom", "#ff7800"),
      S("complete", "done", "#6bc950"),
      S("closed", "closed", "#008844"),
    ],
  },
  creative: {
    name: "CREATIVE",
    color: "#7b68ee",
    share: 0.22,
    statuses: [
      S("not started", "open", "#d3d3d3"),
      S("bid", "custom", "#f9d900"),
      S("in creative", "custom", "#a875ff"),
      S("in progress", "custom", "#4194f6"),
      S("revision", "custom", "#ff7800"),
      S("needs work", "custom", "#e50000"),
      S("pending", "custom", "#f9d900"),
      S("complete", "done", "#6bc950"),
      S("closed", "closed", "#008844"),
    ],
  },
  production: {
    name: "PRODUCTION",
    color: "#ff5722",
    share: 0.22,
    statuses: [
      S("not started", "open", "#d3d3d3"),
      S("bid", "custom", "#f9d900"),
      S("in production", "custom", "#1090e0"),
      S("in progress", "custom", "#4194f6"),
      S("revision", "custom", "#ff7800"),
      S("needs work", "custom", "#e50000"),
      S("pending", "custom", "#f9d900"),
      S("complete", "done", "#6bc950"),
      S("closed", "closed", "#008844"),
    ],
  },
  post: {
    name: "POST",
    color: "#0ab4ff",
    share: 0.22,
    statuses: [
      S("not started", "open", "#d3d3d3"),
      S("bid", "custom", "#f9d900"),
      S("post production", "custom", "#0ab4ff"),
      S("in progress", "custom", "#4194f6"),
      S("revision", "custom", "#ff7800"),
      S("needs work", "custom", "#e50000"),
      S("pending", "custom", "#f9d900"),
      S("complete", "done", "#6bc950"),
      S("closed", "closed", "#008844"),
    ],
  },
  completed: {
    name: "COMPLETED JOBS",
    color: "#6bc950",
    share: 0.22,
    statuses: [
      S("not started", "open", "#d3d3d3"),
      S("complete", "done", "#6bc950"),
      S("closed", "closed", "#008844"),
    ],
  },
};

export const SPACE_ORDER: readonly SpaceKind[] = ["bids", "creative", "production", "post", "completed"];

/**
 * Status of the project meta task per kind (drives Bid/Creative/Post grouping, spec §4 as
 * domain/project-groups.ts reads it: 'post production' is Post).
 */
export const META_STATUS: Record<SpaceKind, string> = {
  bids: "bid",
  creative: "in creative",
  production: "in production",
  post: "post production",
  completed: "complete",
};

export const ACTIVE_STATUSES: Record<SpaceKind, readonly string[]> = {
  bids: ["in progress", "pending", "needs work"],
  creative: ["in creative", "in progress", "in progress", "revision", "needs work", "pending"],
  production: ["in production", "in progress", "in progress", "revision", "pending"],
  post: ["post production", "in progress", "in progress", "revision", "needs work", "pending"],
  completed: ["complete"],
};
