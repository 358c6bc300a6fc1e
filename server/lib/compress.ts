import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";

/*
 * Compression of what the server writes itself (API JSON and other text answers). Built web files
 * are compressed once at build time (vite.config.ts writes .br/.gz siblings) and served as they are.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies smaller than this go out as they are: the frame costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/** Text worth compressing; event streams are text too but are never buffered or compressed here. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml)|[^;]+\+(?:json|xml))/i;

export type Encoding = "br" | "gzip";

/**
 * The encoding to answer an Accept-Encoding header with: brotli when accepted, else gzip, else
 * none. q-values are honoured (`br;q=0` refuses brotli); `*` accepts both.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? q.get("*") ?? 0;
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

/** Whether a Content-Type is text the middleware compresses (never text/event-stream). */
export function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType.trim());
}

function appendVary(headers: Headers, value: string) {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", value);
  else if (
    !vary
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(value.toLowerCase())
  ) {
    headers.set("vary", `${vary}, ${value}`);
  }
}

/**
 * Compresses buffered text answers (JSON, the API document, error bodies) with brotli or gzip as the
 * client's Accept-Encoding allows. Left as they are: HEAD, 204/304, bodies under MIN_COMPRESS_BYTES,
 * answers already encoded, `Cache-Control: no-transform`, event streams (/api/live) and anything
 * that is not text.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || !res.body || res.status === 204 || res.status === 304) return;
    if (!isCompressible(res.headers.get("content-type"))) return;
    if (res.headers.has("content-encoding")) return;
    if (/no-transform/i.test(res.headers.get("cache-control") ?? "")) return;
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    const declared = Number(res.headers.get("content-length") ?? NaN);
    if (!encoding || declared < MIN_COMPRESS_BYTES) {
      if (encoding) appendVary(res.headers, "Accept-Encoding");
      return;
    }
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    appendVary(headers, "Accept-Encoding");
    if (body.byteLength < MIN_COMPRESS_BYTES) {
      headers.set("content-length", String(body.byteLength));
      replaceResponse(c, new Response(body, { status: res.status, statusText: res.statusText, headers }));
      return;
    }
    // Quality 5 brotli: about gzip's speed and still smaller (11, the default, is for build time).
    const compressed =
      encoding === "br"
        ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzip(body);
    headers.set("content-encoding", encoding);
    headers.set("content-length", String(compressed.byteLength));
    replaceResponse(c, new Response(compressed, { status: res.status, statusText: res.statusText, headers }));
  };
}

/** Hono merges the old answer's headers into a new one (a stale Content-Length among them): start clean. */
function replaceResponse(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}
