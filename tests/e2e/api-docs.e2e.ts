import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, newPage, snap } from "./browser";

interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
}
interface Document {
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Swagger UI (5.33 and later) virtualises the operation list once it holds 150 rows (tags plus
 * operations): only the rows near the viewport are in the DOM. A reader reaches an operation
 * further down by scrolling or by its deep link (#/Tag/operationId), which scrolls to it and
 * opens it — the way the test reaches them too.
 */
async function openByDeepLink(page: Page, tag: string, operationId: string): Promise<void> {
  // A fresh load: Swagger UI reads the hash when it starts, not on a same-page hash change.
  await page.goto("about:blank");
  const res = await page.goto(
    `/api/reference#/${encodeURIComponent(tag)}/${encodeURIComponent(operationId)}`,
  );
  expect(res?.status()).toBe(200);
}

describe("API reference (/api/reference)", () => {
  it("renders /api/openapi.json in Chromium from this server only, without console errors", async () => {
    const { context, page } = await newPage(browser);
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("requestfailed", (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ""}`));
    const origin = new URL(baseUrl()).origin;
    page.on("request", (r) => {
      const url = r.url();
      if (!url.startsWith(origin) && !url.startsWith("data:") && url !== "about:blank") {
        problems.push(`left the server: ${url}`);
      }
    });

    const doc = (await (await context.request.get("/api/openapi.json")).json()) as Document;
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    const firstTag = operations[0]?.tags?.[0];
    const lastTag = operations
      .reduce<string[]>((tags, op) => {
        const tag = op.tags?.[0];
        return tag && !tags.includes(tag) ? [...tags, tag] : tags;
      }, [])
      .at(-1);
    const signIn = doc.paths["/api/auth/sign-in/email"]?.post;
    const accessible = doc.paths["/api/accessible-tasks"]?.post;
    expect(firstTag).toBeTruthy();
    expect(lastTag).toBeTruthy();
    expect(signIn?.summary && signIn.operationId && signIn.tags?.[0]).toBeTruthy();
    expect(accessible?.summary && accessible.operationId && accessible.tags?.[0]).toBeTruthy();

    // The title and the first tag of the document, as Swagger UI lists them.
    const res = await page.goto("/api/reference");
    expect(res?.status()).toBe(200);
    await page
      .getByRole("heading", { name: new RegExp(doc.info.title) })
      .first()
      .waitFor();
    await page.locator(".opblock-tag", { hasText: firstTag! }).first().waitFor();

    // Scrolling to the end of the page brings the last tag into view.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator(".opblock-tag", { hasText: lastTag! }).first().waitFor();

    // A deep link opens its operation: summary, request body and responses from the schemas.
    for (const op of [signIn!, accessible!]) {
      await openByDeepLink(page, op.tags![0]!, op.operationId!);
      const block = page.locator(`[id="operations-${op.tags![0]!.replace(/\s/g, "_")}-${op.operationId!}"]`);
      await block.getByText(op.summary!, { exact: true }).first().waitFor();
      await block.getByText("Request body").first().waitFor();
      await block.getByText("Responses").first().waitFor();
    }
    await snap(page, "api-reference");

    expect(problems).toEqual([]);
    await context.close();
  });
});
