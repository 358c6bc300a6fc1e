import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minorToDecimalString } from "@domain/money";
import { noToasts, orderableBudget, type BudgetLine } from "./finance-fixtures";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { baseUrl, DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import { text } from "./page-data";

/*
 * Purchase orders (issue 15 item 2, the screens): the owner creates a vendor in the Vendors tab,
 * raises a PO from an approved demo budget (two ticked lines, a new vendor made inline), edits
 * the draft, submits and approves it, downloads its PDF (page 1 rendered to PNG) and finds it in
 * the list with the server's totals; a refused step shows the API's message in a toast. A member
 * gets "You don't have access". At 390 px nothing overflows the page. Every object is this
 * file's own (unique names): the e2e server is shared with the other files.
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
const LISTED_VENDOR = `E2E Grip House ${TAG}`;
const INLINE_VENDOR = `E2E Lens Rental ${TAG}`;
const ARCHIVED_VENDOR = `E2E Old Caterer ${TAG}`;

describe("purchase orders as the owner", () => {
  it("vendor, PO from an approved budget, edit, submit, approve, PDF, list with totals", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const budget = await orderableBudget(context);
    await openRoute(page, "/finance/purchase-orders");
    await page.getByRole("heading", { name: "Purchase Orders", level: 1 }).waitFor();
    await axeClean(page, "purchase order list");

    // Vendors tab: create one, and archive another.
    await page.getByRole("tab", { name: "Vendors" }).click();
    await page.waitForURL(/tab=vendors/);
    for (const name of [LISTED_VENDOR, ARCHIVED_VENDOR]) {
      await page.getByRole("button", { name: "New vendor" }).click();
      const dialog = page.getByRole("dialog", { name: "New vendor" });
      await dialog.getByLabel("Vendor name").fill(name);
      await dialog.getByLabel("E-mail").fill(`orders+${TAG}@grip.example`);
      await dialog.getByLabel("Contact").fill("Sam Rivera");
      await dialog.getByLabel("Payment terms (days)").fill("45");
      if (name === LISTED_VENDOR) await axeClean(page, "new vendor dialog", '[role="dialog"]');
      await dialog.getByRole("button", { name: "Create vendor" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    await page.getByRole("searchbox", { name: "Search vendors" }).fill(TAG);
    const vendorRows = page.getByTestId("vendor-row");
    await expect.poll(() => vendorRows.count()).toBe(2);
    expect(await text(vendorRows.filter({ hasText: LISTED_VENDOR }))).toContain("Sam Rivera");
    expect(await text(vendorRows.filter({ hasText: LISTED_VENDOR }))).toContain("45 days");
    // Edit: the contact changes.
    await page.getByRole("button", { name: `Edit ${LISTED_VENDOR}` }).click();
    const editVendor = page.getByRole("dialog", { name: "Edit vendor" });
    expect(await editVendor.getByLabel("Vendor name").inputValue()).toBe(LISTED_VENDOR);
    await editVendor.getByLabel("Contact").fill("Alex Chen");
    await editVendor.getByLabel("Tax id").fill("US-12-3456789");
    await editVendor.getByRole("button", { name: "Save vendor" }).click();
    await editVendor.waitFor({ state: "detached" });
    await expect.poll(() => text(vendorRows.filter({ hasText: LISTED_VENDOR }))).toContain("Alex Chen");
    expect(await text(vendorRows.filter({ hasText: LISTED_VENDOR }))).toContain("Tax id US-12-3456789");
    await page.getByRole("button", { name: `Archive ${ARCHIVED_VENDOR}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Archive" }).click();
    await expect.poll(() => vendorRows.count()).toBe(1);
    await page.getByLabel("Show vendors").selectOption("archived");
    await vendorRows.filter({ hasText: ARCHIVED_VENDOR }).getByText("Archived").waitFor();
    await page.getByLabel("Show vendors").selectOption("active");
    await noToasts(page);
    await axeClean(page, "vendors tab");
    await snap(page, "po-vendors-desktop");

    // New purchase order: the approved budget, two lines, a vendor made inline.
    await page.getByRole("tab", { name: "Purchase orders" }).click();
    await page.getByRole("button", { name: "New purchase order" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New purchase order" });
    const budgetSelect = dialog.getByLabel("Budget", { exact: true });
    await expect.poll(() => budgetSelect.locator(`option[value="${budget.id}"]`).count()).toBe(1);
    // The archived vendor is not offered; the listed one is.
    const vendorSelect = dialog.getByLabel("Vendor", { exact: true });
    await expect.poll(() => vendorSelect.locator("option", { hasText: LISTED_VENDOR }).count()).toBe(1);
    expect(await vendorSelect.locator("option", { hasText: ARCHIVED_VENDOR }).count()).toBe(0);
    await budgetSelect.selectOption(budget.id);
    const options = dialog.getByTestId("po-line-option");
    await expect.poll(() => options.count()).toBe(budget.lines.length);
    // An unticked line shows what is left to commit; a ticked one starts at that amount.
    const [first, second] = budget.lines as [BudgetLine, BudgetLine];
    const left = (l: BudgetLine) => Math.max(0, l.estimateMinor - l.actualMinor - l.committedMinor);
    await options.nth(0).getByRole("checkbox").check();
    const firstAmount = options.nth(0).getByRole("textbox");
    expect(await firstAmount.inputValue()).toBe(
      left(first) > 0 ? minorToDecimalString(left(first), budget.currency) : "",
    );
    await firstAmount.fill("2,500");
    await options.nth(1).getByRole("checkbox").check();
    const secondAmount = options.nth(1).getByRole("textbox");
    expect(await secondAmount.inputValue()).toBe(
      left(second) > 0 ? minorToDecimalString(left(second), budget.currency) : "",
    );
    await secondAmount.fill("-5");

    await dialog.getByRole("button", { name: "New vendor" }).click();
    const inline = dialog.getByRole("group", { name: "New vendor" });
    await inline.getByLabel("Vendor name").fill(INLINE_VENDOR);
    await inline.getByLabel("E-mail").fill(`lenses+${TAG}@rental.example`);
    await inline.getByRole("button", { name: "Create vendor" }).click();
    await inline.waitFor({ state: "detached" });
    await expect.poll(async () => text(vendorSelect.locator("option:checked"))).toBe(INLINE_VENDOR);
    await dialog.getByLabel("Description").fill(`Camera week ${TAG}`);
    await noToasts(page);
    await axeClean(page, "new purchase order dialog", '[role="dialog"]');
    await snap(page, "po-new-dialog-desktop");

    // A refused amount says why and nothing is sent.
    await dialog.getByRole("button", { name: "Create purchase order" }).click();
    expect(await text(options.nth(1))).toContain("must be greater than 0");
    await secondAmount.fill("1,234.56");
    await expect
      .poll(() => text(dialog.getByTestId("po-form-total")))
      .toBe("2 lines ticked · Total $3,734.56");
    await dialog.getByRole("button", { name: "Create purchase order" }).click();
    await page.waitForURL(/\/finance\/purchase-orders\/[\w-]+$/);
    const poId = page.url().split("/").pop()!;
    const number = await text(page.getByRole("heading", { level: 1 }));
    expect(number).toMatch(/^PO-\d{4,}$/);
    await expect.poll(() => text(page.getByTestId("po-total"))).toBe("$3,734.56");
    expect(await page.getByTestId("po-line").count()).toBe(2);
    const status = page.locator("[data-status]").first();
    expect(await text(status)).toBe("Draft");
    expect(await text(page.getByRole("main"))).toContain(INLINE_VENDOR);
    expect(await page.getByRole("link", { name: budget.name }).getAttribute("href")).toBe(
      `/finance/budgets/${budget.id}?revision=${budget.workingRevisionNumber}`,
    );
    await noToasts(page);
    await axeClean(page, "draft purchase order");
    await snap(page, "po-draft-desktop");

    // The draft is edited: its second line's amount and its vendor.
    await page.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${number}` });
    const editLines = edit.getByTestId("po-line-option");
    await expect.poll(() => editLines.count()).toBe(budget.lines.length);
    expect(await editLines.nth(0).getByRole("checkbox").isChecked()).toBe(true);
    expect(await editLines.nth(0).getByRole("textbox").inputValue()).toBe("2500.00");
    await editLines.nth(1).getByRole("textbox").fill("1000");
    await edit.getByLabel("Vendor", { exact: true }).selectOption({ label: LISTED_VENDOR });
    await edit.getByRole("button", { name: "Save changes" }).click();
    await edit.waitFor({ state: "detached" });
    await expect.poll(() => text(page.getByTestId("po-total"))).toBe("$3,500.00");
    expect(await text(page.getByRole("main"))).toContain(LISTED_VENDOR);

    // Submit, then approve: each asks first and answers with a toast.
    await page.getByRole("button", { name: "Submit for approval" }).click();
    const confirm = page.getByRole("alertdialog");
    await axeClean(page, "submit confirmation", '[role="alertdialog"]');
    await confirm.getByRole("button", { name: "Submit for approval" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${number} submitted for approval` }).waitFor();
    await expect.poll(() => text(status)).toBe("Pending approval");
    expect(await page.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await confirm.getByRole("button", { name: "Approve", exact: true }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${number} approved` }).waitFor();
    await expect.poll(() => text(status)).toBe("Approved");
    expect(await text(page.locator('[data-figure="Committed"]'))).toContain("$3,500.00");
    await page.getByRole("button", { name: "Send to vendor" }).waitFor();
    await noToasts(page);
    await axeClean(page, "approved purchase order");
    await snap(page, "po-approved-desktop");

    // The PDF: a real PDF whose first page renders and names the PO and the vendor.
    const [dl] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "po-pdf-"));
    const pdf = path.join(tmp, "po.pdf");
    await dl.saveAs(pdf);
    expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdf, path.join(tmp, "po-page")]);
    const png = fs.readdirSync(tmp).find((f) => /^po-page-0*1\.png$/.test(f));
    expect(png, "first page rendered").toBeDefined();
    expect(fs.statSync(path.join(tmp, png!)).size).toBeGreaterThan(5_000);
    fs.mkdirSync(OUT, { recursive: true });
    fs.copyFileSync(path.join(tmp, png!), path.join(OUT, "po-pdf-page1.png"));
    const pdfText = execFileSync("pdftotext", ["-f", "1", "-l", "1", pdf, "-"]).toString();
    expect(pdfText).toContain(number);
    expect(pdfText).toContain(LISTED_VENDOR);

    // The list: found by vendor, with its status and the server's totals of the filtered set.
    await openRoute(page, `/finance/purchase-orders?search=${encodeURIComponent(TAG)}`);
    const row = page.getByTestId("po-row").filter({ hasText: number });
    await row.waitFor();
    expect(await text(row)).toContain(LISTED_VENDOR);
    expect(await text(row)).toContain("Approved");
    expect(await text(row)).toContain(budget.name);
    const totals = page.getByTestId("po-totals");
    expect(await text(totals.getByRole("rowheader"))).toBe("Total of 1 purchase order");
    expect(await text(totals.locator('[data-col="amount"]'))).toBe("$3,500.00");
    expect(await text(totals.locator('[data-col="billed"]'))).toBe("$0.00");
    expect(await text(totals.locator('[data-col="committed"]'))).toBe("$3,500.00");
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `/api/purchase-orders/export.csv?search=${TAG}`,
    );
    await page.getByLabel("Status").selectOption("draft");
    await page.getByText("No purchase orders match").waitFor();
    expect(new URL(page.url()).searchParams.get("status")).toBe("draft");
    await page.getByLabel("Status").selectOption("approved");
    await row.waitFor();
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `/api/purchase-orders/export.csv?search=${TAG}&status=approved`,
    );
    await axeClean(page, "purchase order list, filtered");
    await snap(page, "po-list-desktop");
    await row.getByRole("link", { name: number }).click();
    await page.waitForURL(new RegExp(`/finance/purchase-orders/${poId}$`));
    await context.close();
  });

  it("a step refused by the API shows its message in a toast", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const budget = await orderableBudget(context);
    const vendors = (await (
      await context.request.get(`/api/vendors?search=${encodeURIComponent(LISTED_VENDOR)}`)
    ).json()) as { items: { id: string }[] };
    const created = await context.request.post("/api/purchase-orders", {
      data: {
        vendorId: vendors.items[0]!.id,
        budgetId: budget.id,
        lines: [{ budgetLineKey: budget.lines[0]!.key, amountMinor: 10_000 }],
      },
      headers: { origin: baseUrl() },
    });
    expect(created.status()).toBe(201);
    const po = (await created.json()) as { id: string; displayNumber: string };
    await openRoute(page, `/finance/purchase-orders/${po.id}`);
    await page.getByRole("button", { name: "Submit for approval" }).waitFor();
    // Someone else submits it first: this page's submit is out of date.
    const other = await context.request.post(`/api/purchase-orders/${po.id}/transitions`, {
      data: { action: "submit" },
      headers: { origin: baseUrl() },
    });
    expect(other.status()).toBe(200);
    await page.getByRole("button", { name: "Submit for approval" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Submit for approval" }).click();
    const toast = page.locator("[data-sonner-toast]", { hasText: "Could not submit for approval" });
    await toast.waitFor();
    expect(await text(toast)).toContain(
      "A purchase order cannot be submitted for approval while it is waiting for approval.",
    );
    await snap(page, "po-refused-toast-desktop");
    await context.close();
  });

  it("at 390 px: the list, a PO and the new PO dialog have no page overflow", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, `/finance/purchase-orders?search=${encodeURIComponent(TAG)}`);
    await page.getByTestId("po-card").first().waitFor();
    await page.getByTestId("po-totals-card").waitFor();
    let { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, `list: ${culprits.join(" | ")}`).toBe(0);
    await snap(page, "po-list-mobile");

    await page.getByTestId("po-card").first().click();
    await page.getByRole("heading", { level: 1, name: /^PO-/ }).waitFor();
    await page.getByTestId("po-line-card").first().waitFor();
    ({ overflow, culprits } = await horizontalOverflow(page));
    expect(overflow, `PO page: ${culprits.join(" | ")}`).toBe(0);
    await snap(page, "po-page-mobile");

    await openRoute(page, "/finance/purchase-orders?tab=vendors");
    await page.getByTestId("vendor-row").first().waitFor();
    ({ overflow, culprits } = await horizontalOverflow(page));
    expect(overflow, `vendors: ${culprits.join(" | ")}`).toBe(0);
    await snap(page, "po-vendors-mobile");

    await page.getByRole("tab", { name: "Purchase orders" }).click();
    await page.getByRole("button", { name: "New purchase order" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New purchase order" });
    const budget = await orderableBudget(context);
    const budgetSelect = dialog.getByLabel("Budget", { exact: true });
    await expect.poll(() => budgetSelect.locator(`option[value="${budget.id}"]`).count()).toBe(1);
    await budgetSelect.selectOption(budget.id);
    await dialog.getByTestId("po-line-option").first().getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "New vendor" }).click();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    ({ overflow, culprits } = await horizontalOverflow(page));
    expect(overflow, `dialog: ${culprits.join(" | ")}`).toBe(0);
    await page.screenshot({ path: `${OUT}/po-new-dialog-mobile.png` });
    await context.close();
  });
});

describe("purchase orders as a member", () => {
  it("opening the URLs shows 'You don't have access'", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    for (const route of ["/finance/purchase-orders", "/finance/purchase-orders/some-po"]) {
      await page.goto(route);
      await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    }
    await context.close();
  });
});
