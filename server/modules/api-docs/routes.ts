import { Hono } from "hono";
import { compress } from "hono/compress";
import type { AppEnv } from "../../context";
import { notFound } from "../../lib/errors";
import { documented } from "../../lib/openapi";
import { openApiDocumentSchema, type OpenApiDocument } from "./contract";
import { buildOpenApiDocument } from "./document";
import { REFERENCE_ASSETS, REFERENCE_HTML, referenceAsset } from "./reference-page";

const TAGS = ["API documentation"];

/**
 * /api/openapi.json (the document of every route of `app`, built once on first request) and
 * /api/reference (Swagger UI over it, served from our own server). Both public.
 */
export function apiDocsRoutes(app: Hono<AppEnv>) {
  let document: Promise<OpenApiDocument> | undefined;
  return new Hono<AppEnv>()
    .get(
      "/openapi.json",
      documented({
        summary: "This API as an OpenAPI 3.1 document",
        tags: TAGS,
        public: true,
        response: openApiDocumentSchema,
      }),
      async (c) => {
        document ??= buildOpenApiDocument(app, c.var.deps).catch((err: unknown) => {
          document = undefined;
          throw err;
        });
        c.header("Cache-Control", "no-cache");
        return c.json(await document);
      },
    )
    .get(
      "/reference",
      documented({
        summary: "Browsable reference page of this API",
        tags: TAGS,
        public: true,
        mediaType: "text/html",
      }),
      (c) => {
        c.header("Cache-Control", "no-cache");
        return c.html(REFERENCE_HTML);
      },
    )
    .get(
      "/reference/:file",
      documented({
        summary: "A script, style sheet or icon of the reference page",
        description: `One of: ${Object.keys(REFERENCE_ASSETS).join(", ")}.`,
        tags: TAGS,
        public: true,
        mediaType: [...new Set(Object.values(REFERENCE_ASSETS).map((a) => a.type.split(";")[0]!))],
      }),
      compress(),
      (c) => {
        const asset = referenceAsset(c.req.param("file"));
        if (!asset) throw notFound("No such file of the reference page");
        c.header("Content-Type", asset.type);
        c.header("Cache-Control", "public, max-age=3600");
        return c.body(asset.body);
      },
    );
}
