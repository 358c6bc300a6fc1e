import fs from "node:fs";
import path from "node:path";
import type { Locator, Page, Response } from "playwright-core";
import { expect } from "vitest";

/** Where browser tests leave their screenshots and downloads. */
export const TEST_OUTPUT_DIR = "test-results";

/** An element's text with its whitespace collapsed, as a reader sees it. */
export async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

const isGet = (pathname: string) => (r: Response) =>
  new URL(r.url()).pathname === pathname && r.request().method() === "GET";

/** Run `act` and return the next 200 answer of GET `pathname` (the page draws from it). */
export async function nextApiAnswer<T>(
  page: Page,
  pathname: string,
  act: () => Promise<unknown>,
): Promise<T> {
  const [response] = await Promise.all([page.waitForResponse(isGet(pathname)), act()]);
  expect(response.status(), response.url()).toBe(200);
  return (await response.json()) as T;
}

/** Click `link`, save the download as test-results/`file` and return its text (without a BOM). */
export async function downloadText(page: Page, link: Locator, file: string): Promise<string> {
  const [dl] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const target = path.join(TEST_OUTPUT_DIR, file);
  fs.mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
  await dl.saveAs(target);
  return fs.readFileSync(target, "utf8").replace(/^\uFEFF/, "");
}

/** `s` as a literal inside a RegExp. */
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
