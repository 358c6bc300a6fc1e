import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addIsoDays } from "@domain/calendar";
import { applyBasisPoints, formatMoney, minorToDecimalString } from "@domain/money";
import { orderableBudgets } from "./finance-fixtures";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { appNow, baseUrl, DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import { text } from "./page-data";

/*
 * Client invoices (issue 15 item 4, the screens): the owner issues a deposit invoice from an
 * approved demo budget (75 % of the approved estimate the API returns), sends it, records a
 * partial payment then the rest (paid); a second deposit above what is left is refused and the
 * override is offered; a final invoice is issued (dated back from the app's today so it is
 * overdue once sent) and its PDF downloaded (page 1 rendered to PNG); the list finds both with
 * the server's totals. A member gets "You don't have access". At 390 px nothing overflows the
 * page. Every object is this file's own (unique PO numbers): the e2e server is shared.
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
const DEPOSIT_PO = `CPO-${TAG}-D`;
const FINAL_PO = `CPO-${TAG}-F`;
const RECIPIENT = `billing+${TAG}@client.example`;

/** Toasts come and go; axe runs on the page without them. */
async function noToasts(page: Page) {
  await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
}

interface Proposal {
  currency: string;
  estimateMinor: number;
  invoicedMinor: number;
  totalMinor: number;
  refusal: string | null;
}

async function propose(context: BrowserContext, body: Record<string, unknown>): Promise<Proposal> {
  const res = await context.request.post("/api/client-invoices/propose", {
    data: body,
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Proposal;
}

/** An approved demo budget not invoiced yet, with its approved estimate (the working revision's total). */
async function depositBudget(context: BrowserContext) {
  const seen: string[] = [];
  for (const b of await orderableBudgets(context)) {
    const p = await propose(context, { budgetId: b.id, kind: "deposit" });
    seen.push(`${b.name}: invoiced ${p.invoicedMinor} (${p.refusal ?? "ok"})`);
    if (p.invoicedMinor !== 0 || p.refusal !== null) continue;
    const detail = (await (
      await context.request.get(`/api/budgets/${b.id}?revision=${b.workingRevisionNumber}`)
    ).json()) as { currency: string; revision: { number: number; grandTotalMinor: number } };
    // The approved estimate: the working (approved) revision's grand total, not a later draft's.
    expect(detail.revision.number).toBe(b.workingRevisionNumber);
    return { ...b, currency: detail.currency, approvedEstimateMinor: detail.revision.grandTotalMinor };
  }
  throw new Error(`no approved, uninvoiced demo budget: ${seen.join("; ")}`);
}

/** An approved demo budget whose final invoice has something to bill (actuals above what was invoiced). */
async function finalBudget(context: BrowserContext) {
  const seen: string[] = [];
  for (const b of await orderableBudgets(context)) {
    const p = await propose(context, { budgetId: b.id, kind: "final" });
    seen.push(`${b.name}: final ${p.totalMinor} (${p.refusal ?? "ok"})`);
    if (p.totalMinor > 0 && p.refusal === null) return b;
  }
  throw new Error(`no approved demo budget with actuals left to bill: ${seen.join("; ")}`);
}

async function recordPayment(page: Page, amount: string | null) {
  await page.getByRole("button", { name: "Record payment" }).click();
  const dialog = page.getByRole("alertdialog");
  const field = dialog.getByLabel(/^Amount/);
  const prefilled = await field.inputValue();
  if (amount !== null) await field.fill(amount);
  expect(await dialog.getByLabel("Paid on").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await dialog.waitFor({ state: "detached" });
  return prefilled;
}

describe("client invoices as the owner", () => {
  it("deposit (75 %), send, partial then full payment, override offered, final invoice, PDF, list", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const budget = await depositBudget(context);
    const expected = applyBasisPoints(budget.approvedEstimateMinor, 7500);
    const money = (v: number) => formatMoney(v, budget.currency);

    await openRoute(page, "/finance/invoices");
    await page.getByRole("heading", { name: "Client Invoices", level: 1 }).waitFor();
    await axeClean(page, "invoice list");

    // New invoice: the approved budget, a deposit of 75 % proposed before anything is created.
    await page.getByRole("button", { name: "New invoice" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New invoice" });
    const budgetSelect = dialog.getByLabel("Budget", { exact: true });
    await expect.poll(() => budgetSelect.locator(`option[value="${budget.id}"]`).count()).toBe(1);
    await budgetSelect.selectOption(budget.id);
    expect(await dialog.getByRole("radio", { name: "Deposit" }).isChecked()).toBe(true);
    expect(await dialog.getByLabel("Percentage of the estimate (%)").inputValue()).toBe("75");
    const proposal = dialog.getByTestId("invoice-proposal");
    await expect.poll(() => text(proposal.getByTestId("invoice-total"))).toBe(money(expected));
    expect(await text(proposal.getByTestId("proposal-estimate"))).toContain(
      money(budget.approvedEstimateMinor),
    );
    await dialog.getByLabel("Client's PO number").fill(DEPOSIT_PO);
    expect(await dialog.getByLabel("Issue date").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await axeClean(page, "new invoice dialog", '[role="dialog"]');
    await snap(page, "invoice-new-dialog-desktop");
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    await page.waitForURL(/\/finance\/invoices\/[\w-]+$/);
    const depositUrl = new URL(page.url()).pathname;
    const number = await text(page.getByRole("heading", { level: 1 }));
    expect(number).toMatch(/^INV-\d{4,}$/);
    const status = page.locator("[data-status]").first();
    expect(await text(status)).toBe("Draft");
    expect(await text(page.getByTestId("invoice-total"))).toBe(money(expected));
    expect(await text(page.getByRole("main"))).toContain(DEPOSIT_PO);
    expect(await page.getByRole("link", { name: budget.name }).getAttribute("href")).toBe(
      `/finance/budgets/${budget.id}`,
    );
    await noToasts(page);

    // Send: asks for the recipient.
    await page.getByRole("button", { name: "Send to client" }).click();
    const send = page.getByRole("alertdialog");
    await send.getByLabel("Recipient e-mail").fill(RECIPIENT);
    await axeClean(page, "send confirmation", '[role="alertdialog"]');
    await send.getByRole("button", { name: "Send to client" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${number} sent to ${RECIPIENT}` }).waitFor();
    await expect.poll(() => text(status)).toBe("Sent");

    // A partial payment, then the rest (the amount starts at what is outstanding).
    const part = Math.floor(expected / 3);
    const firstDefault = await recordPayment(page, minorToDecimalString(part, budget.currency));
    expect(firstDefault).toBe(minorToDecimalString(expected, budget.currency));
    await page.locator("[data-sonner-toast]", { hasText: `Payment recorded on ${number}` }).waitFor();
    await expect.poll(() => text(page.locator('[data-figure="Paid"]'))).toContain(money(part));
    expect(await text(page.locator('[data-figure="Outstanding"]'))).toContain(money(expected - part));
    expect(await text(status)).toBe("Sent");
    const secondDefault = await recordPayment(page, null);
    expect(secondDefault).toBe(minorToDecimalString(expected - part, budget.currency));
    await page.locator("[data-sonner-toast]", { hasText: `${number} paid in full` }).waitFor();
    await expect.poll(() => text(status)).toBe("Paid");
    expect(await page.getByTestId("invoice-payment").count()).toBe(2);
    expect(await page.getByRole("button", { name: "Record payment" }).count()).toBe(0);
    await noToasts(page);
    await axeClean(page, "paid invoice");
    await snap(page, "invoice-paid-desktop");

    // A second 75 % deposit is more than is left: the API refuses and the override is offered.
    await openRoute(page, "/finance/invoices");
    await page.getByRole("button", { name: "New invoice" }).first().click();
    await expect.poll(() => budgetSelect.locator(`option[value="${budget.id}"]`).count()).toBe(1);
    await budgetSelect.selectOption(budget.id);
    await expect.poll(() => text(proposal)).toContain("more than is left to bill");
    const override = dialog.getByLabel("Bill more than is left to bill on the job");
    expect(await override.count()).toBe(0);
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    await override.waitFor();
    expect(await text(dialog.getByRole("alert"))).toContain("more than is left to bill");
    await snap(page, "invoice-override-desktop");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    // A final invoice, dated back from the app's today so it is overdue once sent.
    const today = appNow().toISOString().slice(0, 10);
    const toBill = await finalBudget(context);
    await page.getByRole("button", { name: "New invoice" }).first().click();
    await expect.poll(() => budgetSelect.locator(`option[value="${toBill.id}"]`).count()).toBe(1);
    await budgetSelect.selectOption(toBill.id);
    await dialog.getByRole("radio", { name: "Final" }).check();
    await expect
      .poll(() => dialog.getByTestId("invoice-proposal").getByTestId("invoice-total").count())
      .toBe(1);
    await dialog.getByLabel("Client's PO number").fill(FINAL_PO);
    await dialog.getByLabel("Issue date").fill(addIsoDays(today, -40));
    await dialog.getByLabel(/^Due date/).fill(addIsoDays(today, -10));
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    await page.waitForURL(
      (url) => /\/finance\/invoices\/[\w-]+$/.test(url.pathname) && url.pathname !== depositUrl,
    );
    const finalNumber = await text(page.getByRole("heading", { level: 1 }));
    expect(finalNumber).toMatch(/^INV-\d{4,}$/);
    expect(await text(page.getByRole("main"))).toContain("Final invoice");
    const finalTotal = await text(page.getByTestId("invoice-total"));
    await page.getByRole("button", { name: "Send to client" }).click();
    await send.getByLabel("Recipient e-mail").fill(RECIPIENT);
    await send.getByRole("button", { name: "Send to client" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${finalNumber} sent` }).waitFor();
    await page.getByTestId("overdue").waitFor();
    expect(await text(page.getByTestId("overdue"))).toBe("10 days overdue");

    // The PDF: a real PDF whose first page renders and names the invoice.
    const [dl] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-pdf-"));
    const pdf = path.join(tmp, "invoice.pdf");
    await dl.saveAs(pdf);
    expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdf, path.join(tmp, "inv-page")]);
    const png = fs.readdirSync(tmp).find((f) => /^inv-page-0*1\.png$/.test(f));
    expect(png, "first page rendered").toBeDefined();
    expect(fs.statSync(path.join(tmp, png!)).size).toBeGreaterThan(5_000);
    fs.mkdirSync(OUT, { recursive: true });
    fs.copyFileSync(path.join(tmp, png!), path.join(OUT, "invoice-pdf-page1.png"));
    const pdfText = execFileSync("pdftotext", ["-f", "1", "-l", "1", pdf, "-"]).toString();
    expect(pdfText).toContain(finalNumber);
    expect(pdfText).toContain(FINAL_PO);
    await noToasts(page);
    await snap(page, "invoice-final-desktop");

    // The list: both found by their PO numbers, the final one marked overdue, the server's totals.
    await openRoute(page, `/finance/invoices?search=${encodeURIComponent(TAG)}`);
    const rows = page.getByTestId("invoice-row");
    await expect.poll(() => rows.count()).toBe(2);
    const depositRow = rows.filter({ hasText: number });
    expect(await text(depositRow)).toContain("Paid");
    expect(await depositRow.getAttribute("data-overdue")).toBeNull();
    const finalRow = rows.filter({ hasText: finalNumber });
    expect(await finalRow.getAttribute("data-overdue")).toBe("true");
    expect(await text(finalRow)).toContain("10 days overdue");
    const totals = page.getByTestId("invoice-totals");
    expect(await text(totals.getByRole("rowheader"))).toBe("Total of 2 invoices");
    expect(await text(totals.locator('[data-col="paid"]'))).toBe(money(expected));
    expect(await text(totals.locator('[data-col="outstanding"]'))).toBe(finalTotal);
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `/api/client-invoices/export.csv?search=${TAG}`,
    );
    // The checkbox follows the URL (it changes once the navigation lands): click, then wait for it.
    await page.getByLabel("Overdue only").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("overdue")).toBe("true");
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel("Overdue only").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("overdue")).toBeNull();
    await page.getByLabel("Status").selectOption("paid");
    await expect.poll(() => rows.count()).toBe(1);
    await depositRow.waitFor();
    await page.getByLabel("Status").selectOption("");
    await expect.poll(() => rows.count()).toBe(2);
    await noToasts(page);
    await axeClean(page, "invoice list, searched");
    await snap(page, "invoice-list-desktop");
    await depositRow.getByRole("link", { name: number }).click();
    await page.waitForURL((url) => url.pathname === depositUrl);
    await context.close();
  });

  it("void asks the reason; a step refused by the API shows its message", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const [budget] = await orderableBudgets(context);
    const draft = async (po: string) => {
      const res = await context.request.post("/api/client-invoices", {
        data: {
          budgetId: budget!.id,
          kind: "progress",
          percentBp: 100,
          clientPoNumber: po,
          overrideLeftToBill: true,
        },
        headers: { origin: baseUrl() },
      });
      expect(res.status()).toBe(201);
      return (await res.json()) as { id: string; displayNumber: string };
    };

    // Void from the page: the reason is asked for, and kept.
    const first = await draft(`CPO-${TAG}-V1`);
    await openRoute(page, `/finance/invoices/${first.id}`);
    await page.getByRole("button", { name: "Void invoice" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Void invoice" }).click();
    expect(await text(confirm)).toContain("say why the invoice is voided");
    await confirm.getByLabel("Reason").fill("Raised on the wrong budget");
    await axeClean(page, "void confirmation", '[role="alertdialog"]');
    await confirm.getByRole("button", { name: "Void invoice" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${first.displayNumber} voided` }).waitFor();
    await expect.poll(() => text(page.locator("[data-status]").first())).toBe("Void");
    expect(await text(page.getByRole("main"))).toContain("Raised on the wrong budget");
    expect(await page.getByRole("button", { name: "Send to client" }).count()).toBe(0);

    // Someone else voids a draft while this page is open: sending it is refused (409), said in the dialog and a toast.
    const second = await draft(`CPO-${TAG}-V2`);
    await openRoute(page, `/finance/invoices/${second.id}`);
    await page.getByRole("button", { name: "Send to client" }).waitFor();
    const other = await context.request.post(`/api/client-invoices/${second.id}/void`, {
      data: { reason: "Duplicate" },
      headers: { origin: baseUrl() },
    });
    expect(other.status()).toBe(200);
    await page.getByRole("button", { name: "Send to client" }).click();
    await confirm.getByLabel("Recipient e-mail").fill(RECIPIENT);
    await confirm.getByRole("button", { name: "Send to client" }).click();
    const toast = page.locator("[data-sonner-toast]", { hasText: "Could not send to client" });
    await toast.waitFor();
    const message = await text(confirm.getByTestId("step-error"));
    expect(message.length).toBeGreaterThan(0);
    expect(await text(toast)).toContain(message);
    await snap(page, "invoice-refused-desktop");
    // The page reloads the invoice as it now is.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => text(page.locator("[data-status]").first())).toBe("Void");
    await context.close();
  });

  it("at 390 px: the list, an invoice and the new invoice dialog have no page overflow", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, `/finance/invoices?search=${encodeURIComponent(TAG)}`);
    await page.getByTestId("invoice-card").first().waitFor();
    await page.getByTestId("invoice-totals-card").waitFor();
    let { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, `list: ${culprits.join(" | ")}`).toBe(0);
    await snap(page, "invoice-list-mobile");

    await page.getByTestId("invoice-card").first().click();
    await page.getByRole("heading", { level: 1, name: /^INV-/ }).waitFor();
    await page.getByTestId("invoice-line").first().waitFor();
    ({ overflow, culprits } = await horizontalOverflow(page));
    expect(overflow, `invoice page: ${culprits.join(" | ")}`).toBe(0);
    await snap(page, "invoice-page-mobile");

    await openRoute(page, "/finance/invoices");
    await page.getByRole("button", { name: "New invoice" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New invoice" });
    const budgetSelect = dialog.getByLabel("Budget", { exact: true });
    await expect.poll(() => budgetSelect.locator("option").count()).toBeGreaterThan(1);
    await budgetSelect.selectOption({ index: 1 });
    await dialog.getByRole("radio", { name: "Progress" }).check();
    await dialog.getByLabel("Bill", { exact: true }).selectOption("lines");
    await dialog.getByTestId("invoice-line-option").first().getByRole("checkbox").check();
    await dialog.getByTestId("invoice-proposal").getByTestId("invoice-total").waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    ({ overflow, culprits } = await horizontalOverflow(page));
    expect(overflow, `dialog: ${culprits.join(" | ")}`).toBe(0);
    await page.screenshot({ path: `${OUT}/invoice-new-dialog-mobile.png` });
    await context.close();
  });
});

describe("client invoices as a member", () => {
  it("opening the URLs shows 'You don't have access'", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    for (const route of ["/finance/invoices", "/finance/invoices/some-invoice"]) {
      await page.goto(route);
      await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    }
    await context.close();
  });
});
