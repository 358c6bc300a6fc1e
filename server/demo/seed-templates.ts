import { ITEM_TYPE } from "@domain/task-types";
import {
  validateTemplateTree,
  type TemplateList,
  type TemplateTask,
  type TemplateTree,
} from "@domain/templates";
import type { AppDeps } from "../context";
import { transaction } from "../db/executor";
import { insertNewTemplate } from "../modules/templates/change-template";
import { lockTemplates, templateIdByName } from "../modules/templates/repo";
import { systemContext } from "../request-context";

/*
 * Issue 13 item 5: the demo workspace's two folder templates, in the demo data's shape (a
 * "Project Management" list holding the meta task and the milestones, as every demo project has,
 * then the phases), assigned by the role tags the demo seeds in person_settings (the people's
 * disciplines: producer, account, creative, art, copy, design, motion, editor, finishing,
 * strategy, coordinator). Estimates are what a producer would plan; offsets are calendar days
 * from the project start. Idempotent: a template whose name exists is left alone.
 */

type Role =
  | "producer"
  | "account"
  | "creative"
  | "art"
  | "copy"
  | "design"
  | "motion"
  | "editor"
  | "finishing"
  | "strategy"
  | "coordinator";

interface Row {
  name: string;
  type?: number | null;
  /** [start, due] offsets; a single number is a due date only. */
  days: [number, number] | number;
  hours?: number;
  role?: Role;
  tags?: string[];
  description?: string;
  /** Subtasks (same list). */
  sub?: Row[];
}

/** A tree from compact rows; keys are stable ("l1", "l1t3", …) so versions of the seed compare. */
function build(lists: Array<{ name: string; range: [number, number]; rows: Row[] }>): TemplateTree {
  return {
    lists: lists.map((l, li): TemplateList => {
      const listKey = `l${li + 1}`;
      const tasks: TemplateTask[] = [];
      const add = (row: Row, parentKey: string | null) => {
        const key = `${listKey}t${tasks.length + 1}`;
        const [start, due] = typeof row.days === "number" ? [null, row.days] : row.days;
        tasks.push({
          key,
          name: row.name,
          description: row.description ?? null,
          customItemId: row.type ?? null,
          startOffsetDays: start,
          dueOffsetDays: due,
          estimateMinutes: row.hours === undefined ? null : Math.round(row.hours * 60),
          assignee: row.role ? { kind: "role", tag: row.role } : null,
          tags: row.tags ?? [],
          parentKey,
        });
        for (const child of row.sub ?? []) add(child, key);
      };
      for (const row of l.rows) add(row, null);
      return { key: listKey, name: l.name, startOffsetDays: l.range[0], endOffsetDays: l.range[1], tasks };
    }),
    fieldDefaults: [
      { field: "Client", value: "{client}" },
      { field: "Job Code", value: "{jobCode}" },
    ],
    jobCodePattern: "{CLIENT}-{YYYY}-{SEQ}",
  };
}

const M = ITEM_TYPE.milestone;
const D = ITEM_TYPE.deliverable;
const A = ITEM_TYPE.actionItem;
const BOOKING = ITEM_TYPE.assignment;

/** An eight-week broadcast spot: brief to delivery, a two-day shoot in week five. */
export const TV_SPOT_TREE: TemplateTree = build([
  {
    name: "Project Management",
    range: [0, 56],
    rows: [
      {
        name: "{project}",
        type: ITEM_TYPE.project,
        days: [0, 56],
        role: "producer",
        description: "{jobCode} — 30-second TV spot for {client}.",
      },
      { name: "Kickoff", type: M, days: 0, role: "producer" },
      { name: "Creative Brief", type: M, days: 2, role: "account" },
      { name: "Creative Review", type: M, days: 10, role: "creative" },
      { name: "Client Approval - Script & Boards", type: M, days: 17, role: "account" },
      { name: "Pre-Pro Meeting", type: M, days: 24, role: "producer" },
      { name: "Shoot", type: M, days: [29, 30], role: "producer", tags: ["shoot"] },
      { name: "Offline Edit Review", type: M, days: 40, role: "editor" },
      { name: "Client Approval - Final Cut", type: M, days: 47, role: "account" },
      { name: "Online & Grade Review", type: M, days: 51, role: "finishing" },
      { name: "Final Delivery", type: M, days: 56, role: "producer" },
    ],
  },
  {
    name: "Pre-Production",
    range: [0, 28],
    rows: [
      { name: "Write creative brief", days: [0, 2], hours: 6, role: "account" },
      { name: "Budget & schedule (AICP bid)", days: [1, 5], hours: 8, role: "producer" },
      {
        name: "Script",
        days: [3, 14],
        role: "copy",
        sub: [
          { name: "Script — first draft", days: [3, 6], hours: 10, role: "copy" },
          { name: "Script — client revisions", days: [11, 14], hours: 6, role: "copy" },
        ],
      },
      { name: "Storyboards", days: [5, 12], hours: 24, role: "art", type: D },
      { name: "Director treatment review", days: [10, 14], hours: 4, role: "creative" },
      { name: "Casting", days: [14, 24], hours: 12, role: "coordinator" },
      { name: "Location scout & permits", days: [15, 24], hours: 10, role: "coordinator" },
      { name: "Pre-production book", days: [20, 24], hours: 8, role: "producer", type: D },
      { name: "Send PPM deck to client", days: 23, hours: 1, role: "account", type: A },
    ],
  },
  {
    name: "Production",
    range: [25, 31],
    rows: [
      { name: "Call sheets & shoot logistics", days: [25, 28], hours: 8, role: "coordinator" },
      { name: "Wardrobe & props", days: [25, 28], hours: 8, role: "art" },
      { name: "Shoot — producer on set", days: [29, 30], hours: 20, role: "producer", type: BOOKING },
      { name: "Shoot — creative on set", days: [29, 30], hours: 20, role: "creative", type: BOOKING },
      { name: "Wrap & media backup", days: [30, 31], hours: 4, role: "coordinator" },
    ],
  },
  {
    name: "Post Production",
    range: [31, 52],
    rows: [
      {
        name: "Offline edit",
        days: [31, 40],
        hours: 16,
        role: "editor",
        sub: [
          { name: "Assemble selects", days: [31, 33], hours: 12, role: "editor" },
          { name: "Editor's cut", days: [33, 38], hours: 28, role: "editor" },
        ],
      },
      { name: "Music search & licensing", days: [32, 45], hours: 4, role: "producer" },
      { name: "VFX & end titles", days: [41, 50], hours: 24, role: "motion" },
      { name: "Client changes to the cut", days: [41, 47], hours: 16, role: "editor" },
      { name: "Online & grade", days: [45, 51], hours: 20, role: "finishing" },
      { name: "Sound design & mix", days: [46, 51], hours: 16, role: "finishing" },
    ],
  },
  {
    name: "Delivery",
    range: [50, 56],
    rows: [
      { name: ":30 Hero Spot", type: D, days: [50, 54], hours: 4, role: "editor" },
      { name: ":15 Cutdown", type: D, days: [51, 55], hours: 6, role: "editor" },
      { name: ":06 Bumper", type: D, days: [52, 55], hours: 4, role: "motion" },
      { name: "Clock numbers, captions & clearances", days: [53, 55], hours: 3, role: "coordinator" },
      { name: "Traffic to broadcasters", days: [55, 56], hours: 2, role: "coordinator" },
      { name: "Archive project", days: 56, hours: 2, role: "editor" },
    ],
  },
]);

/** A five-week always-on social burst: strategy, a content shoot, launch and a wrap report. */
export const SOCIAL_CAMPAIGN_TREE: TemplateTree = build([
  {
    name: "Project Management",
    range: [0, 35],
    rows: [
      {
        name: "{project}",
        type: ITEM_TYPE.project,
        days: [0, 35],
        role: "producer",
        description: "{jobCode} — social campaign for {client}.",
      },
      { name: "Kickoff", type: M, days: 0, role: "account" },
      { name: "Strategy Approval", type: M, days: 5, role: "strategy" },
      { name: "Creative Review", type: M, days: 10, role: "creative" },
      { name: "Client Approval - Content", type: M, days: 15, role: "account" },
      { name: "Content Shoot", type: M, days: 18, role: "producer", tags: ["shoot"] },
      { name: "Launch", type: M, days: 24, role: "account" },
      { name: "Wrap Report", type: M, days: 35, role: "strategy" },
    ],
  },
  {
    name: "Strategy & Creative",
    range: [0, 15],
    rows: [
      { name: "Social audit", days: [1, 3], hours: 8, role: "strategy" },
      { name: "Channel strategy & KPIs", days: [2, 5], hours: 10, role: "strategy" },
      { name: "Concepts", days: [4, 9], hours: 12, role: "creative" },
      { name: "Key visual", days: [6, 12], hours: 16, role: "art", type: D },
      { name: "Post copy & hashtags", days: [8, 14], hours: 12, role: "copy" },
      { name: "Content calendar", days: [9, 13], hours: 6, role: "account", type: D },
    ],
  },
  {
    name: "Production",
    range: [12, 24],
    rows: [
      { name: "Shoot prep & shot list", days: [12, 16], hours: 6, role: "coordinator" },
      { name: "Content shoot — producer", days: [17, 18], hours: 10, role: "producer", type: BOOKING },
      { name: "Social Carousel (IG)", days: [14, 20], hours: 16, role: "design", type: D },
      {
        name: "Vertical Video 9x16",
        type: D,
        days: [17, 22],
        hours: 6,
        role: "editor",
        sub: [
          { name: "Reels edits (3 × 15 s)", days: [18, 21], hours: 14, role: "editor" },
          { name: "Animated stickers & captions", days: [18, 21], hours: 10, role: "motion" },
        ],
      },
      { name: "Community guidelines & FAQ", days: [18, 20], hours: 3, role: "account" },
    ],
  },
  {
    name: "Launch & Reporting",
    range: [22, 35],
    rows: [
      { name: "Schedule posts", days: [22, 23], hours: 4, role: "coordinator" },
      { name: "Paid media setup", days: [22, 24], hours: 6, role: "account" },
      { name: "Community management", days: [24, 34], hours: 20, role: "account", type: BOOKING },
      { name: "Mid-flight optimisation", days: [29, 30], hours: 4, role: "strategy" },
      { name: "Wrap report", days: [32, 35], hours: 8, role: "strategy", type: D },
    ],
  },
]);

export const DEMO_TEMPLATES: ReadonlyArray<{ name: string; description: string; tree: TemplateTree }> = [
  {
    name: "TV Spot — 30 sec",
    description:
      "Broadcast :30 with cutdowns: brief, script and boards, a two-day shoot, post and delivery (8 weeks).",
    tree: TV_SPOT_TREE,
  },
  {
    name: "Social Campaign",
    description:
      "Five-week social burst: strategy, a content shoot, carousel and vertical video, launch and wrap report.",
    tree: SOCIAL_CAMPAIGN_TREE,
  },
];

/** The demo templates in the workspace, each once (a name already present is skipped). */
export async function seedTemplates(deps: AppDeps, organizationId: string): Promise<void> {
  const ctx = { ...systemContext(deps, organizationId), requestId: "demo-boot" };
  await transaction(deps.database, async (tx) => {
    await lockTemplates(tx, organizationId);
    for (const template of DEMO_TEMPLATES) {
      if (await templateIdByName(tx, organizationId, template.name)) continue;
      const problems = validateTemplateTree(template.tree);
      if (problems.length)
        throw new Error(`demo template ${template.name}: ${problems[0]!.field} ${problems[0]!.reason}`);
      await insertNewTemplate(ctx, tx, { ...template });
    }
  });
}
