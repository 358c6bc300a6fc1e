import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "@domain/money";
import { noToasts, orderableBudget, post, type BudgetLine } from "./finance-fixtures";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import { text } from "./page-data";

/*
 * Vendor bills (issue 15 item 3, the screens): the owner raises a PO from an approved demo
 * budget through the API (approved and sent to a vendor with an e-mail), reads the budget line's
 * Committed on the budget page, enters a bill against the PO in the New bill dialog, approves it
 * and sees Committed go down by the bill and "+ $x bills" under the line's actual; then pays it.
 * A refused step shows the API's message in a toast. A member gets "You don't have access". At
 * 390 px nothing overflows the page. Every object is this file's own (unique names): the e2e
 * server is shared with the other files. Today is read from the app (the list's asOf).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TAG = randomUUID().slice(0, 8);
const VENDOR = `E2E Sound Stage ${TAG}`;
const INVOICE = `SS-${TAG}`;
const PO_AMOUNT = 100_000;
const BILL_AMOUNT = 60_000;

/** The vendor (with an e-mail, for sending), and a PO of one line raised, approved and sent. */
async function sentPurchaseOrder(context: BrowserContext, lineKey: string, budgetId: string) {
  const vendors = (await (
    await context.request.get(`/api/vendors?search=${encodeURIComponent(VENDOR)}`)
  ).json()) as { items: { id: string }[] };
  const vendor =
    vendors.items[0] ??
    (await post(
      context,
      "/api/vendors",
      { name: VENDOR, email: `billing+${TAG}@stage.example`, paymentTermsDays: 30 },
      201,
    ));
  const po = await post(
    context,
    "/api/purchase-orders",
    { vendorId: vendor.id, budgetId, lines: [{ budgetLineKey: lineKey, amountMinor: PO_AMOUNT }] },
    201,
  );
  await post(context, `/api/purchase-orders/${po.id}/transitions`, { action: "submit" });
  await post(context, `/api/purchase-orders/${po.id}/approve`, {});
  await post(context, `/api/purchase-orders/${po.id}/send`, {});
  return { vendorId: vendor.id, po };
}

/** The line's row on the budget page (at the budget's working revision). */
async function budgetLineRow(page: Page, budgetId: string, revision: number | null, lineId: string) {
  await openRoute(page, `/finance/budgets/${budgetId}?revision=${revision}`);
  const row = page.locator(`[data-testid="budget-line"][data-line="${lineId}"]`);
  await row.waitFor();
  return row;
}

describe("vendor bills as the owner", () => {
  it("a bill against a sent PO moves Committed and Actual on the budget line; approve, then pay", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const budget = await orderableBudget(context);
    const line = budget.lines[0]!;
    const { po } = await sentPurchaseOrder(context, line.key, budget.id);
    const money = (minor: number) => formatMoney(minor, budget.currency);

    // The budget line before the bill: the PO's amount is committed on it.
    let row = await budgetLineRow(page, budget.id, budget.workingRevisionNumber, line.id);
    const before = (await (
      await context.request.get(`/api/budgets/${budget.id}?revision=${budget.workingRevisionNumber}`)
    ).json()) as { lines: BudgetLine[] };
    const lineBefore = before.lines.find((l) => l.id === line.id)!;
    expect(lineBefore.committedMinor).toBeGreaterThanOrEqual(PO_AMOUNT);
    expect(await text(row.locator('[data-col="committed"]'))).toBe(money(lineBefore.committedMinor));

    // Today as the app sees it: the list's asOf.
    const asOf = (
      (await (await context.request.get("/api/vendor-bills?pageSize=1")).json()) as { asOf: string }
    ).asOf;

    await openRoute(page, "/finance/bills");
    await page.getByRole("heading", { name: "Vendor Bills", level: 1 }).waitFor();
    await axeClean(page, "vendor bill list");

    // New bill: the vendor, its sent PO, the PO's line (starting at its unbilled rest), changed.
    await page.getByRole("button", { name: "New bill" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New bill" });
    const vendorSelect = dialog.getByLabel("Vendor", { exact: true });
    await expect.poll(() => vendorSelect.locator("option", { hasText: VENDOR }).count()).toBe(1);
    await vendorSelect.selectOption({ label: VENDOR });
    const poSelect = dialog.getByLabel("Purchase order", { exact: true });
    await expect.poll(() => poSelect.locator(`option[value="${po.id}"]`).count()).toBe(1);
    await poSelect.selectOption(po.id);
    const options = dialog.getByTestId("bill-line-option");
    await expect.poll(() => options.count()).toBe(1);
    const amount = options.nth(0).getByRole("textbox");
    expect(await amount.inputValue()).toBe("1000.00");
    expect(await options.nth(0).getByRole("checkbox").isChecked()).toBe(true);
    expect(await dialog.getByLabel("Bill date").inputValue()).toBe(asOf);
    await amount.fill("0");
    await dialog.getByLabel("Vendor's invoice number").fill(INVOICE);
    await dialog.getByLabel("Notes").fill("Stage hire, first week");
    await dialog.getByRole("button", { name: "Enter bill" }).click();
    expect(await text(options.nth(0))).toContain("must be greater than 0");
    await amount.fill("600");
    await expect
      .poll(() => text(dialog.getByTestId("bill-form-total")))
      .toBe(`1 line ticked · Total ${money(BILL_AMOUNT)}`);
    await axeClean(page, "new bill dialog", '[role="dialog"]');
    await snap(page, "bill-new-dialog-desktop");
    await dialog.getByRole("button", { name: "Enter bill" }).click();
    await page.waitForURL(/\/finance\/bills\/[\w-]+$/);
    const billId = page.url().split("/").pop()!;
    const heading = page.getByRole("heading", { level: 1, name: /^BILL-/ });
    await heading.waitFor();
    const number = await text(heading);
    expect(number).toMatch(/^BILL-\d{4,}$/);
    const status = page.locator("[data-status]").first();
    expect(await text(status)).toBe("Received");
    expect(await text(page.getByTestId("bill-total"))).toBe(money(BILL_AMOUNT));
    expect(await page.getByRole("link", { name: po.displayNumber }).getAttribute("href")).toBe(
      `/finance/purchase-orders/${po.id}`,
    );
    expect(await page.getByRole("link", { name: budget.name }).getAttribute("href")).toBe(
      `/finance/budgets/${budget.id}`,
    );
    await noToasts(page);
    await axeClean(page, "received bill");

    // Approve: asked first, answered with a toast.
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    const confirm = page.getByRole("alertdialog");
    await axeClean(page, "approve confirmation", '[role="alertdialog"]');
    await confirm.getByRole("button", { name: "Approve", exact: true }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${number} approved` }).waitFor();
    await expect.poll(() => text(status)).toBe("Approved");
    await snap(page, "bill-approved-desktop");

    // The budget line: Committed down by the bill, the bill under the actual.
    row = await budgetLineRow(page, budget.id, budget.workingRevisionNumber, line.id);
    await expect
      .poll(() => text(row.locator('[data-col="committed"]')))
      .toBe(money(lineBefore.committedMinor - BILL_AMOUNT));
    expect(await text(row.getByTestId("line-billed"))).toBe(
      `+ ${money(lineBefore.billedMinor + BILL_AMOUNT)} bills`,
    );

    // Pay: the payment date starts at today by the app's clock.
    await openRoute(page, `/finance/bills/${billId}`);
    await page.getByRole("button", { name: "Record payment" }).click();
    expect(await confirm.getByLabel("Payment date").inputValue()).toBe(asOf);
    await confirm.getByRole("button", { name: "Record payment" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${number} paid` }).waitFor();
    await expect.poll(() => text(status)).toBe("Paid");
    expect(await page.getByRole("button", { name: "Record payment" }).count()).toBe(0);
    await noToasts(page);
    await axeClean(page, "paid bill");
    await snap(page, "bill-paid-desktop");

    // The list: found by the invoice number, with the server's totals and ageing.
    await openRoute(page, `/finance/bills?search=${encodeURIComponent(INVOICE)}`);
    const listRow = page.getByTestId("bill-row").filter({ hasText: number });
    await listRow.waitFor();
    expect(await text(listRow)).toContain(VENDOR);
    expect(await text(listRow)).toContain("Paid");
    expect(await text(listRow)).toContain(po.displayNumber);
    const totals = page.getByTestId("bill-totals");
    expect(await text(totals.getByRole("rowheader"))).toContain("Total of 1 bill");
    expect(await text(totals.locator('[data-col="amount"]'))).toBe(money(BILL_AMOUNT));
    expect(await page.getByTestId("bill-ageing").locator("[data-bucket]").count()).toBe(5);
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `/api/vendor-bills/export.csv?search=${INVOICE}`,
    );
    await page.getByLabel("Status").selectOption("received");
    await page.getByText("No bills match").waitFor();
    await page.getByLabel("Status").selectOption("paid");
    await listRow.waitFor();
    await axeClean(page, "vendor bill list, filtered");
    await snap(page, "bill-list-desktop");
    await context.close();
  });

  it("a step refused by the API shows its message in a toast", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const budget = await orderableBudget(context);
    const { vendorId } = await sentPurchaseOrder(context, budget.lines[0]!.key, budget.id);
    const list = await context.request.get("/api/vendor-bills?pageSize=1");
    const { asOf } = (await list.json()) as { asOf: string };
    const bill = await post(
      context,
      "/api/vendor-bills",
      {
        vendorId,
        budgetId: budget.id,
        invoiceNumber: `X-${TAG}`,
        billDate: asOf,
        lines: [{ budgetLineKey: budget.lines[0]!.key, amountMinor: 5_000 }],
      },
      201,
    );
    await openRoute(page, `/finance/bills/${bill.id}`);
    await page.getByTestId("without-po").waitFor();
    await page.getByRole("button", { name: "Approve", exact: true }).waitFor();
    // Someone else voids it first: this page's approve is out of date.
    await post(context, `/api/vendor-bills/${bill.id}/void`, {});
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Approve", exact: true }).click();
    const toast = page.locator("[data-sonner-toast]", { hasText: "Could not approve" });
    await toast.waitFor();
    expect(await text(toast)).toContain("A vendor bill cannot be approved while it is void.");
    // The page shows the bill as it is now.
    await expect.poll(() => text(page.locator("[data-status]").first())).toBe("Void");
    expect(await page.getByRole("button", { name: "Approve", exact: true }).count()).toBe(0);
    await snap(page, "bill-refused-toast-desktop");
    await context.close();
  });

  it("at 390 px: the list, a bill and the new bill dialog have no page overflow", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, `/finance/bills?search=${encodeURIComponent(TAG)}`);
    await page.getByTestId("bill-card").first().waitFor();
    await page.getByTestId("bill-totals-card").waitFor();
    let { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, `list: ${culprits.join(" | ")}`).toBe(0);
    await snap(page, "bill-list-mobile");

    await page.getByTestId("bill-card").first().click();
    await page.getByRole("heading", { level: 1, name: /^BILL-/ }).waitFor();
    await page.getByTestId("bill-line").first().waitFor();
    ({ overflow, culprits } = await horizontalOverflow(page));
    expect(overflow, `bill page: ${culprits.join(" | ")}`).toBe(0);
    await snap(page, "bill-page-mobile");

    await openRoute(page, "/finance/bills");
    await page.getByRole("button", { name: "New bill" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New bill" });
    const vendorSelect = dialog.getByLabel("Vendor", { exact: true });
    await expect.poll(() => vendorSelect.locator("option", { hasText: VENDOR }).count()).toBe(1);
    await vendorSelect.selectOption({ label: VENDOR });
    const poSelect = dialog.getByLabel("Purchase order", { exact: true });
    await expect.poll(() => poSelect.locator("option").count()).toBeGreaterThan(2);
    await poSelect.selectOption({ index: 1 });
    await dialog.getByTestId("bill-line-option").first().waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    ({ overflow, culprits } = await horizontalOverflow(page));
    expect(overflow, `dialog: ${culprits.join(" | ")}`).toBe(0);
    await axeClean(page, "new bill dialog, mobile", '[role="dialog"]');
    await snap(page, "bill-new-dialog-mobile");
    await context.close();
  });
});

describe("vendor bills as a member", () => {
  it("opening the URLs shows 'You don't have access'", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    for (const route of ["/finance/bills", "/finance/bills/some-bill"]) {
      await page.goto(route);
      await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    }
    await context.close();
  });
});
