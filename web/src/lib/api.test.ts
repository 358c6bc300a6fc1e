import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiFetch, apiSend, preloadGets, UNEXPECTED_SHAPE_MESSAGE } from "./api";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const answer = (body: unknown, status = 200) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })),
  );

const pointSchema = z.object({ x: z.number(), label: z.string().nullable() });

describe("apiFetch", () => {
  it("returns the body checked against the schema", async () => {
    answer({ x: 1, label: null, extra: true });
    await expect(apiFetch("/api/point", pointSchema)).resolves.toEqual({ x: 1, label: null });
  });

  it("raises 'The server answered in an unexpected shape' and logs the issues on another shape", async () => {
    answer({ x: "1" });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const err = await apiFetch("/api/point", pointSchema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(UNEXPECTED_SHAPE_MESSAGE);
    expect((err as ApiError).code).toBe("unexpected_shape");
    expect(log).toHaveBeenCalledOnce();
  });

  it("raises the server's error message on a non-2xx answer", async () => {
    answer({ error: { code: "forbidden", message: "Not allowed" } }, 403);
    const err = await apiFetch("/api/point", pointSchema).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403, code: "forbidden", message: "Not allowed" });
  });

  it("sends JSON bodies with cookies", async () => {
    answer({ x: 2, label: "b" });
    await apiFetch("/api/point", pointSchema, { method: "POST", json: { x: 2 } });
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe("/api/point");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", body: '{"x":2}' });
  });
});

describe("apiSend", () => {
  it("needs no schema for a 204", async () => {
    answer(undefined, 204);
    await expect(apiSend("/api/point", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("still raises ApiError on a non-2xx answer", async () => {
    answer({ error: { code: "not_found", message: "Gone" } }, 404);
    await expect(apiSend("/api/point", { method: "DELETE" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("preloadGets", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const counting = () => {
    let n = 0;
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ x: ++n, label: null })));
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  };

  it("hands the preloaded answer to the first plain GET of the path, once", async () => {
    const fetchMock = counting();
    preloadGets(["/api/point"]);
    expect(await apiFetch("/api/point", pointSchema)).toEqual({ x: 1, label: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await apiFetch("/api/point", pointSchema)).toEqual({ x: 2, label: null });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("is not used for another method or after it has waited too long", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T09:00:00Z"), toFake: ["Date"] });
    const fetchMock = counting();
    preloadGets(["/api/point"]);
    await apiFetch("/api/point", pointSchema, { method: "POST", json: {} });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    preloadGets(["/api/point"]);
    vi.setSystemTime(new Date("2026-11-23T09:00:16Z"));
    expect(await apiFetch("/api/point", pointSchema)).toEqual({ x: 4, label: null });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
