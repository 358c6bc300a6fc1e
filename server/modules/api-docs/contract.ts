import { z } from "zod";

/** GET /api/openapi.json: an OpenAPI 3.1 document (checked against the 3.1 schema by api-docs.test.ts). */
export const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "OpenApiDocument", description: "This API described as an OpenAPI 3.1 document" });

export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
