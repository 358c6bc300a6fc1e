import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, newPage, snap } from "./browser";

interface Document {
  info: { title: string };
  paths: Record<string, Record<string, { summary?: string }>>;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
      if (!url.startsWith(origin) && !url.startsWith("data:")) problems.push(`left the server: ${url}`);
    });

    const doc = (await (await context.request.get("/api/openapi.json")).json()) as Document;
    const res = await page.goto("/api/reference");
    expect(res?.status()).toBe(200);

    // The title and operations of the document, as Swagger UI lists them.
    await page
      .getByRole("heading", { name: new RegExp(doc.info.title) })
      .first()
      .waitFor();
    const signIn = doc.paths["/api/auth/sign-in/email"]?.post?.summary;
    const accessible = doc.paths["/api/accessible-tasks"]?.post?.summary;
    expect(signIn).toBeTruthy();
    expect(accessible).toBeTruthy();
    await page.getByText(signIn!, { exact: true }).first().waitFor();
    await page.getByText(accessible!, { exact: true }).first().waitFor();

    // Opening an operation shows its request body and responses from the schemas.
    await page.getByText(signIn!, { exact: true }).first().click();
    await page.getByText("Request body").first().waitFor();
    await page.getByText("Responses").first().waitFor();
    await snap(page, "api-reference");

    expect(problems).toEqual([]);
    await context.close();
  });
});
