import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Where the reference page and its assets are served (server/app.ts mounts api-docs at /api). */
export const REFERENCE_PATH = "/api/reference";

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/**
 * Swagger UI (swagger-ui-dist, an npm package: nothing is fetched from elsewhere at run time),
 * started by our own script file so the page runs under the app's CSP (script-src 'self').
 */
const INIT_SCRIPT = `"use strict";
window.addEventListener("DOMContentLoaded", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    // No badge from the public validator service: the document is checked by our tests.
    validatorUrl: null,
    withCredentials: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

interface Asset {
  file?: string;
  text?: string;
  type: string;
}

/** The files the page may load, by name; anything else is a 404. */
export const REFERENCE_ASSETS: Record<string, Asset> = {
  "swagger-ui.css": { file: "swagger-ui.css", type: "text/css; charset=utf-8" },
  "swagger-ui-bundle.js": { file: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8" },
  "favicon-32x32.png": { file: "favicon-32x32.png", type: "image/png" },
  "init.js": { text: INIT_SCRIPT, type: "text/javascript; charset=utf-8" },
};

const cache = new Map<string, Uint8Array<ArrayBuffer>>();

/** The bytes of one asset (read from the package once, then kept in memory), or null. */
export function referenceAsset(name: string): { body: Uint8Array<ArrayBuffer>; type: string } | null {
  const asset = Object.hasOwn(REFERENCE_ASSETS, name) ? REFERENCE_ASSETS[name] : undefined;
  if (!asset) return null;
  let body = cache.get(name);
  if (!body) {
    body = asset.file
      ? new Uint8Array(fs.readFileSync(path.join(swaggerUiDir, asset.file)))
      : new TextEncoder().encode(asset.text);
    cache.set(name, body);
  }
  return { body, type: asset.type };
}

export const REFERENCE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Agency Hub API reference</title>
    <link rel="icon" type="image/png" href="${REFERENCE_PATH}/favicon-32x32.png" />
    <link rel="stylesheet" href="${REFERENCE_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${REFERENCE_PATH}/swagger-ui-bundle.js"></script>
    <script src="${REFERENCE_PATH}/init.js"></script>
  </body>
</html>
`;
