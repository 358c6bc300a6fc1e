import type { Hono } from "hono";
import { readFieldValue } from "../custom-fields";
import type { SimEnv, SimServices } from "../context";
import type { SimTask } from "../model";
import { escapeHtml, page } from "./html";

const fmtDate = (ms: number | null): string =>
  ms === null ? "—" : new Date(ms).toISOString().slice(0, 16).replace("T", " ") + "Z";

/**
 * Read-only pages so links the API hands out (`task.url`, folder links) open something in a
 * browser during development. Not part of the ClickUp API.
 */
export function registerPageRoutes(root: Hono<SimEnv>, { state }: SimServices): void {
  const taskLink = (base: string, t: SimTask) =>
    `<a href="${escapeHtml(`${base}/t/${t.id}`)}">${escapeHtml(t.name)}</a>`;

  root.get("/", (c) => {
    const base = c.get("baseUrl");
    const teams = state.teamList
      .map((t) => {
        const spaces = [...state.spaces.values()].filter((s) => s.teamId === t.id);
        const rows = spaces
          .map((s) => {
            const folders = [...state.folders.values()].filter((f) => f.spaceId === s.id);
            return `<tr><td>${escapeHtml(s.name)}${s.private ? " 🔒" : ""}</td><td>${folders.map((f) => `<a href="${escapeHtml(`${base}/${t.id}/v/f/${f.id}`)}">${escapeHtml(f.name)}</a>`).join("<br>") || "—"}</td></tr>`;
          })
          .join("");
        return `<h2>${escapeHtml(t.name)} <small class="muted">team ${escapeHtml(t.id)}</small></h2><table><tr><th>Space</th><th>Folders (projects)</th></tr>${rows}</table>`;
      })
      .join("");
    const users = state.userList
      .map(
        (u) =>
          `<tr><td>${escapeHtml(u.username)}</td><td>${escapeHtml(u.email)}</td><td>${escapeHtml(u.title)}</td></tr>`,
      )
      .join("");
    return c.html(
      page(
        "ClickUp simulator",
        `<h1>ClickUp API v2 simulator</h1><p class="muted">API base: <code>${escapeHtml(base)}/api/v2</code> · OAuth authorize: <code>${escapeHtml(base)}/api</code> · ${state.tasks.length} tasks · ${state.timeEntries.count} time entries</p>${teams}<h2>Users</h2><table>${users}</table>`,
        { wide: true },
      ),
    );
  });

  root.get("/t/:task_id", (c) => {
    const base = c.get("baseUrl");
    const task = state.taskById.get(c.req.param("task_id"));
    if (!task || task.deleted) return c.html(page("Task not found", "<h1>Task not found</h1>"), 404);
    const list = state.lists.get(task.listId);
    const folder = task.folderId ? state.folders.get(task.folderId) : undefined;
    const space = state.spaces.get(task.spaceId);
    const status = state.taskStatus(task);
    const fields = list
      ? state
          .fieldsForList(list)
          .filter((f) => task.fields?.[f.id] !== undefined)
          .map(
            (f) =>
              `<tr><td>${escapeHtml(f.name)}</td><td><code>${escapeHtml(JSON.stringify(readFieldValue(state, f, task.fields?.[f.id] ?? "", base)))}</code></td></tr>`,
          )
          .join("")
      : "";
    const parent = task.parentId ? state.taskById.get(task.parentId) : undefined;
    const children = (state.childrenByParent.get(task.id) ?? []).filter((t) => !t.deleted);
    const body = `
<p class="muted">${escapeHtml(space?.name ?? "")} / ${escapeHtml(folder?.name ?? "—")} / ${escapeHtml(list?.name ?? "")}</p>
<h1>${escapeHtml(task.name)}</h1>
<table>
<tr><td>Id</td><td><code>${escapeHtml(task.id)}</code>${task.customId ? ` · <code>${escapeHtml(task.customId)}</code>` : ""}</td></tr>
<tr><td>Type</td><td>custom_item_id ${task.customItemId}</td></tr>
<tr><td>Status</td><td><span style="color:${escapeHtml(status.color)}">●</span> ${escapeHtml(status.status)}${task.archived ? " (archived)" : ""}</td></tr>
<tr><td>Assignees</td><td>${escapeHtml(task.assignees.map((id) => state.users.get(id)?.username ?? id).join(", ") || "—")}</td></tr>
<tr><td>Start / due</td><td>${fmtDate(task.startDate)} → ${fmtDate(task.dueDate)}</td></tr>
<tr><td>Estimate / tracked</td><td>${((task.timeEstimate ?? 0) / 3_600_000).toFixed(1)} h / ${(task.timeSpent / 3_600_000).toFixed(1)} h</td></tr>
${parent ? `<tr><td>Parent</td><td>${taskLink(base, parent)}</td></tr>` : ""}
${fields}
</table>
${task.description ? `<p>${escapeHtml(task.description)}</p>` : ""}
${children.length ? `<h2>Subtasks</h2><ul>${children.map((t) => `<li>${taskLink(base, t)} — ${escapeHtml(t.status)}</li>`).join("")}</ul>` : ""}`;
    return c.html(page(task.name, body, { wide: true }));
  });

  root.get("/:team_id/v/f/:folder_id", (c) => {
    const base = c.get("baseUrl");
    const folder = state.folders.get(c.req.param("folder_id"));
    if (!folder) return c.html(page("Folder not found", "<h1>Folder not found</h1>"), 404);
    const lists = [...state.lists.values()].filter((l) => l.folderId === folder.id);
    const sections = lists
      .map((l) => {
        const tasks = (state.tasksByList.get(l.id) ?? []).filter((t) => !t.deleted && t.parentId === null);
        return `<h2>${escapeHtml(l.name)} <small class="muted">${tasks.length}</small></h2><ul>${tasks.map((t) => `<li>${taskLink(base, t)} — ${escapeHtml(t.status)}</li>`).join("")}</ul>`;
      })
      .join("");
    return c.html(page(folder.name, `<h1>${escapeHtml(folder.name)}</h1>${sections}`, { wide: true }));
  });
}
