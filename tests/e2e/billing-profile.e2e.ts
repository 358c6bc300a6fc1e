import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import { text } from "./page-data";

/*
 * The workspace's billing profile and the clients screen (issue 15 points 1 and 4): the owner
 * sets the billing address and tax id and uploads a PNG logo in Settings → Organization, and the
 * demo invoice's PDF prints them as the sender (page 1 rendered to PNG in test-results/); a
 * client created and edited on /finance/clients keeps its billing details after a reload; at
 * 390 px the clients list is cards and nothing overflows. A member sees the profile read-only.
 * The e2e server is shared: the client is this file's own (unique name); the demo workspace's
 * billing profile is left set (other files do not read it).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OUT = "test-results";
const TAG = randomUUID().slice(0, 8);
const ADDRESS = ["Demo Agency Ltd", "12 Quay Street", "Bristol BS1 4DJ", "United Kingdom"];
const TAX_ID = `GB ${TAG}`;
/** 120×40 px: a blue band with a white square and a yellow stripe (256 bytes). */
const LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAIAAAC6iKlyAAAAx0lEQVR42u3asRXCABRC0Uxi7TiOnZlszASmC58Hn8MC3Jrj9Tn9+z3f9/WfcCCgA6wx0HRrEjTaGgbNteZBQ62R0ERrKjTO+i/07+G0WbOhQdZ4aIp1AjTCOgTa3zoH2tw6CtrZOg3a1joQ2tM6E9rQOhbazToZ2so6HNrHOh/axLoC2sG6BXrcugh61roLetC6DnrKuhF6xLoUWm/dCy22roZWWrdDy6zBBxqW9UKLrBdaZL3QIuuFFlkvtMh6oUXWCy2yvgBjJ0CUw6gHbgAAAABJRU5ErkJggg==",
  "base64",
);
const CLIENT = `E2E Client ${TAG}`;

describe("billing profile as the owner", () => {
  it("sets address, tax id and logo in Settings → Organization; the invoice PDF prints them", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/settings");
    const form = page.getByRole("form", { name: "Billing profile" });
    await form.waitFor();
    await form.getByLabel("Billing address").fill(ADDRESS.join("\n"));
    await form.getByLabel("Tax ID").fill("x".repeat(100));
    await form.getByLabel("Tax ID").fill(TAX_ID);
    await form.getByRole("button", { name: "Save billing profile" }).click();
    await page.getByText("Billing profile saved").first().waitFor();

    // A file that is not an image is refused in the browser, with the reason under the field.
    const logoInput = page.locator("#org-logo");
    await logoInput.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await expect.poll(() => logoInput.getAttribute("aria-invalid")).toBe("true");
    expect(await text(page.locator("#org-logo-error"))).toBe("Choose a PNG or JPEG image");
    expect(await text(page.locator("#org-logo-hint"))).toContain("at most 512 KB");

    // Bytes that are not what the type says pass the browser and are refused by the server.
    await logoInput.setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("GIF89a fake"),
    });
    await expect.poll(() => text(page.locator("#org-logo-error"))).toBe("Logo is not a PNG image");
    // Too large: refused before it is sent, naming the limit.
    await logoInput.setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.concat([LOGO, Buffer.alloc(600 * 1024)]),
    });
    await expect.poll(() => text(page.locator("#org-logo-error"))).toBe("The logo must be at most 512 KB");
    await logoInput.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: LOGO });
    const preview = page.getByRole("img", { name: /^Logo of / });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    expect(await page.locator("#org-logo-error").count()).toBe(0);
    await page.getByRole("button", { name: "Remove logo" }).waitFor();

    // After a reload the saved values are what the form shows.
    await page.reload();
    await form.waitFor();
    expect(await form.getByLabel("Billing address").inputValue()).toBe(ADDRESS.join("\n"));
    expect(await form.getByLabel("Tax ID").inputValue()).toBe(TAX_ID);
    await preview.waitFor();
    await page.getByText("Billing profile saved").first().waitFor({ state: "detached", timeout: 15_000 });
    await axeClean(page, "settings with billing profile");
    await snap(page, "billing-profile-settings-desktop");
    fs.mkdirSync(OUT, { recursive: true });
    await page
      .getByRole("region", { name: "Billing profile" })
      .screenshot({ path: path.join(OUT, "billing-profile-section.png") });

    // The demo's sent deposit invoice (client PO MKT-2291): its PDF prints the sender block.
    await openRoute(page, "/finance/invoices?search=MKT-2291");
    await page.getByTestId("invoice-row").first().getByRole("link").first().click();
    await page.waitForURL(/\/finance\/invoices\/[\w-]+$/);
    const [dl] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "billing-pdf-"));
    const pdf = path.join(tmp, "invoice.pdf");
    await dl.saveAs(pdf);
    const pdfText = execFileSync("pdftotext", ["-f", "1", "-l", "1", pdf, "-"]).toString();
    for (const line of ADDRESS) expect(pdfText).toContain(line);
    expect(pdfText).toContain(`Tax ID ${TAX_ID}`);
    const images = execFileSync("pdfimages", ["-list", "-f", "1", "-l", "1", pdf]).toString();
    expect(images).toMatch(/\b120\s+40\b/);
    execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "1", pdf, path.join(tmp, "page")]);
    const png = fs.readdirSync(tmp).find((f) => /^page-0*1\.png$/.test(f));
    expect(png, "first page rendered").toBeDefined();
    fs.mkdirSync(OUT, { recursive: true });
    fs.copyFileSync(path.join(tmp, png!), path.join(OUT, "billing-profile-invoice-pdf-page1.png"));
    await context.close();
  });

  it("shows a member the billing profile without a way to change it (at 390 px, nothing overflows)", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "member@demo.test");
    await openRoute(page, "/settings");
    const form = page.getByRole("form", { name: "Billing profile" });
    await form.waitFor();
    expect(await form.getByLabel("Billing address").isDisabled()).toBe(true);
    expect(await form.getByRole("button", { name: "Save billing profile" }).count()).toBe(0);
    const section = page.getByRole("region", { name: "Billing profile" });
    expect(await section.getByRole("button", { name: /^(Upload|Replace|Remove) logo$/ }).count()).toBe(0);
    expect(await section.locator("#org-logo").isDisabled()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    const overflow = await horizontalOverflow(page);
    expect(overflow.overflow, overflow.culprits.join("\n")).toBeLessThanOrEqual(0);
    await section.screenshot({ path: path.join(OUT, "billing-profile-section-mobile.png") });
    await context.close();
  });
});

describe("clients", () => {
  it("creates a client and edits its billing details, kept after a reload", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/finance");
    await page.getByRole("link", { name: "Clients", exact: true }).click();
    await page.waitForURL(/\/finance\/clients$/);
    await page.getByRole("heading", { name: "Clients", level: 1 }).waitFor();

    await page.getByRole("button", { name: "New client" }).first().click();
    const create = page.getByRole("dialog", { name: "New client" });
    await create.getByLabel("Name").fill(CLIENT);
    await create.getByLabel("E-mail for invoices").fill("not an address");
    await create.getByLabel("Payment terms (days)").fill("400");
    await create.getByRole("button", { name: "Create client" }).click();
    expect(await create.getByLabel("E-mail for invoices").getAttribute("aria-invalid")).toBe("true");
    expect(await create.getByLabel("Payment terms (days)").getAttribute("aria-invalid")).toBe("true");
    await create.getByLabel("E-mail for invoices").fill(`ap+${TAG}@client.example`);
    await create.getByLabel("Payment terms (days)").fill("30");
    await create.getByRole("button", { name: "Create client" }).click();
    await create.waitFor({ state: "detached" });

    await page.getByRole("searchbox", { name: "Search clients" }).fill(TAG);
    const rows = page.getByTestId("client-row");
    await expect.poll(() => rows.count()).toBe(1);
    await rows
      .first()
      .getByRole("button", { name: `Edit ${CLIENT}` })
      .click();
    const edit = page.getByRole("dialog", { name: `Edit ${CLIENT}` });
    await edit.getByLabel("Contact").fill("Alex Rivera");
    await edit.getByLabel("Billing address").fill("Client Co\n5 Market Road\nLeeds LS1 6AA");
    await edit.getByLabel("Tax ID").fill(`GB-${TAG}`);
    await edit.getByLabel("Payment terms (days)").fill("45");
    await axeClean(page, "client dialog", '[role="dialog"]');
    await snap(page, "clients-dialog-desktop");
    await edit.getByRole("button", { name: "Save client" }).click();
    await edit.waitFor({ state: "detached" });

    await page.reload();
    await page.getByRole("heading", { name: "Clients", level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get("search")).toBe(TAG);
    await expect.poll(() => rows.count()).toBe(1);
    const row = await text(rows.first());
    expect(row).toContain("Alex Rivera");
    expect(row).toContain("5 Market Road");
    expect(row).toContain(`GB-${TAG}`);
    expect(row).toContain("Net 45 days");
    await rows
      .first()
      .getByRole("button", { name: `Edit ${CLIENT}` })
      .click();
    const again = page.getByRole("dialog", { name: `Edit ${CLIENT}` });
    expect(await again.getByLabel("Billing address").inputValue()).toBe(
      "Client Co\n5 Market Road\nLeeds LS1 6AA",
    );
    expect(await again.getByLabel("Payment terms (days)").inputValue()).toBe("45");
    await again.getByRole("button", { name: "Cancel" }).click();
    await again.waitFor({ state: "detached" });

    // Sorting by the column header puts the direction in the URL.
    await page.getByRole("button", { name: "Terms" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("paymentTermsDays");
    await axeClean(page, "clients list");
    await snap(page, "clients-desktop");
    await context.close();
  });

  it("at 390 px the clients list is cards and nothing overflows", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/finance/clients?archived=all");
    const cards = page.getByTestId("client-card");
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    expect(await page.getByRole("table", { name: "Clients" }).isVisible()).toBe(false);
    const overflow = await horizontalOverflow(page);
    expect(overflow.overflow, overflow.culprits.join("\n")).toBeLessThanOrEqual(0);
    await snap(page, "clients-mobile");
    await cards.first().click();
    await page.getByRole("dialog", { name: /^Edit / }).waitFor();
    const dialogOverflow = await horizontalOverflow(page);
    expect(dialogOverflow.overflow, dialogOverflow.culprits.join("\n")).toBeLessThanOrEqual(0);
    await snap(page, "clients-dialog-mobile");
    await context.close();
  });

  it("a member gets no access to the clients screen", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    await page.goto("/finance/clients");
    await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    expect(await page.getByTestId("client-row").count()).toBe(0);
    await context.close();
  });
});
