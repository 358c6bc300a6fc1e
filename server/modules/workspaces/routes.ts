import { Hono } from "hono";
import { requireTenant, requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { badRequest } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { getBillingProfile, getLogo, putBillingProfile, putLogo, removeLogo } from "./billing-profile";
import {
  billingProfileRequestSchema,
  billingProfileSchema,
  createWorkspaceRequestSchema,
  LOGO_CONTENT_TYPES,
  workspaceSchema,
  workspacesResponseSchema,
} from "./contract";
import { createWorkspace } from "./create-workspace";
import { listWorkspaces } from "./list-workspaces";

const tags = ["Workspaces"];

/**
 * GET /api/workspaces → {workspaces: [{id, name, role, createdAt}]} (by membership creation);
 * POST /api/workspaces {name} → 201 {id, name, role: "owner", createdAt}, now the current workspace.
 * The current workspace's billing profile (every member reads; owners and admins write, 403 else):
 * GET|PUT /api/workspaces/current/billing {billingAddress, taxId} → {name, billingAddress, taxId, logo};
 * PUT /api/workspaces/current/logo (multipart/form-data, the file in "logo": PNG or JPEG ≤ 512 KB,
 * 413 beyond, 400 when the bytes are not that image) → the profile; GET → the image (ETag, 304);
 * DELETE → 204 (404 without a logo).
 */
export function workspaceRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser())
    .get(
      "/",
      documented({
        summary: "The caller's workspaces and their role there",
        tags,
        response: workspacesResponseSchema,
      }),
      async (c) => c.json(await listWorkspaces(c.var.userCtx)),
    )
    .post(
      "/",
      documented({
        summary: "Create a workspace (the caller becomes its owner; it becomes current)",
        tags,
        response: workspaceSchema,
        status: 201,
      }),
      validate("json", createWorkspaceRequestSchema),
      async (c) => c.json(await createWorkspace(c.var.userCtx, c.req.valid("json")), 201),
    )
    .get(
      "/current/billing",
      documented({
        summary: "The current workspace's billing profile (address, tax id, logo) printed on its documents",
        tags,
        response: billingProfileSchema,
      }),
      requireTenant(),
      async (c) => c.json(await getBillingProfile(c.var.ctx)),
    )
    .put(
      "/current/billing",
      documented({
        summary: "Change the current workspace's billing address and tax id",
        tags,
        response: billingProfileSchema,
      }),
      requireTenant(),
      validate("json", billingProfileRequestSchema),
      async (c) => c.json(await putBillingProfile(c.var.ctx, c.req.valid("json"))),
    )
    .get(
      "/current/logo",
      documented({
        summary: "The current workspace's logo (PNG or JPEG; 404 without one)",
        tags,
        mediaType: [...LOGO_CONTENT_TYPES],
      }),
      requireTenant(),
      async (c) => {
        const logo = await getLogo(c.var.ctx);
        const etag = `"${logo.etag}"`;
        const headers = {
          ETag: etag,
          "Cache-Control": "private, no-cache",
          "X-Content-Type-Options": "nosniff",
        };
        const asked = c.req.header("if-none-match") ?? "";
        if (asked.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
          return c.body(null, 304, headers);
        }
        return c.body(new Uint8Array(logo.data), 200, {
          ...headers,
          "Content-Type": logo.contentType,
          "Content-Length": String(logo.data.byteLength),
        });
      },
    )
    .put(
      "/current/logo",
      documented({
        summary: "Upload the current workspace's logo (multipart field logo: PNG or JPEG, at most 512 KB)",
        tags,
        response: billingProfileSchema,
      }),
      requireTenant(),
      async (c) => {
        const type = c.req.header("content-type") ?? "";
        if (!type.toLowerCase().startsWith("multipart/form-data")) {
          throw badRequest("Invalid body: logo — send the image as multipart/form-data in the field logo", [
            { field: "logo", message: "is required" },
          ]);
        }
        const form = await c.req.formData().catch(() => null);
        const file = form?.get("logo");
        if (!file || typeof file === "string") {
          throw badRequest("Invalid body: logo — is required", [{ field: "logo", message: "is required" }]);
        }
        const data = new Uint8Array(await file.arrayBuffer());
        return c.json(await putLogo(c.var.ctx, { type: file.type, data }));
      },
    )
    .delete(
      "/current/logo",
      documented({ summary: "Remove the current workspace's logo", tags, status: 204 }),
      requireTenant(),
      async (c) => {
        await removeLogo(c.var.ctx);
        return c.body(null, 204);
      },
    );
}
