import { describeRoute, resolver } from "hono-openapi";
import { z, type ZodType } from "zod";

/** Our one error shape (server/lib/errors.ts) as a schema, for every documented error status. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: "ErrorBody" });

/** Where the document keeps ErrorBody (the id above). */
export const ERROR_BODY_REF = "#/components/schemas/ErrorBody";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: resolver(errorBodySchema) } },
});

/**
 * A plain (already resolved) error response pointing at ErrorBody: for places that take an OpenAPI
 * response object rather than a zod schema (hono-openapi's default 400 for validate()-only routes,
 * better-auth's merged endpoints).
 */
export function errorBodyResponse(description: string) {
  return {
    description,
    content: { "application/json": { schema: { $ref: ERROR_BODY_REF } } },
  };
}

export interface RouteDoc {
  /** One line: what the route does (the operation summary). */
  summary: string;
  /** Groups the reference page by area. */
  tags?: string[];
  description?: string;
  /**
   * The JSON request body's schema, only for a route that parses its body itself; a body checked
   * with validate("json", schema) is documented by validate().
   */
  body?: ZodType;
  /** The success body's zod schema (from the module's contract.ts); omit for 204 / streams. */
  response?: ZodType;
  /** Success status (default 200; 201 for creates, 204 for no body). */
  status?: 200 | 201 | 202 | 204;
  /** Media type(s) of a non-JSON success body (text/csv, text/event-stream). */
  mediaType?: string | string[];
  /** The route needs no session (health, public pages, webhooks). */
  public?: boolean;
}

/**
 * Describe a route for /api/openapi.json: put it first in the route's middleware, before
 * requireTenant() and validate(). Request parts come from validate(); this adds the summary,
 * the success body and our error responses. server/modules/api-docs/api-docs.test.ts fails for
 * any /api route without it (or without a success body: `response`, `mediaType` or status 204).
 */
export function documented(doc: RouteDoc) {
  const status = doc.status ?? 200;
  const mediaTypes = doc.mediaType === undefined ? [] : [doc.mediaType].flat();
  const response = doc.response;
  const success = response
    ? {
        description: "OK",
        content: Object.fromEntries(
          (mediaTypes.length ? mediaTypes : ["application/json"]).map((type) => [
            type,
            { schema: resolver(response) },
          ]),
        ),
      }
    : mediaTypes.length
      ? {
          description: "OK",
          content: Object.fromEntries(
            mediaTypes.map((type) => [type, { schema: { type: "string" as const } }]),
          ),
        }
      : { description: status === 204 ? "No content" : "OK" };
  return describeRoute({
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.tags ? { tags: doc.tags } : {}),
    ...(doc.public ? { security: [] } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: resolver(doc.body) } },
          },
        }
      : {}),
    responses: {
      [status]: success,
      400: errorResponse("Invalid input: the fields and reasons"),
      ...(doc.public ? {} : { 401: errorResponse("Not signed in"), 403: errorResponse("Not allowed") }),
      404: errorResponse("Not found"),
      429: errorResponse("Too many requests"),
    },
  });
}
