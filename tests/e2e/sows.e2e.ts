import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDetailDay } from "@domain/index";
import { formatMoney, minorToDecimalString } from "@domain/money";
import { formatSowNumber } from "@domain/sows";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { appNow, DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import { noToasts } from "./finance-fixtures";
import { text } from "./page-data";

/*
 * Statements of work (issue 15 item 5, the screens): the owner creates a SOW for a demo
 * project with its approved budget, writes the scope, sets the fee and a payment schedule (a
 * schedule that does not add up to the fee is refused, with the sum said, before anything is
 * saved), sends it, marks it signed, creates a draft invoice from the deposit payment, downloads
 * the PDF (page 1 rendered to PNG), starts version 2 and still reads version 1 as it was, and
 * follows the invoice link to the invoice page. The list finds it with the fee totals; at 390 px
 * nothing overflows. A member gets "You don't have access". Every object is this file's own
 * (the title carries a unique tag): the e2e server is shared.
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
const TITLE = `Launch campaign ${TAG}`;
const RECIPIENT = `producer+${TAG}@client.example`;
const SCOPE = `Two films of 60 and 30 seconds, cut-downs for social (${TAG}).`;
const FEE = 100_000;
const DEPOSIT_BP = 2500;
const WRONG_BALANCE = 70_000;
const BALANCE = 75_000;

/** An approved demo budget with its project (a ClickUp folder) and client, and a client to pick. */
async function demoProject(context: BrowserContext) {
  const res = await context.request.get("/api/budgets?orderable=true&pageSize=200&sort=name&dir=asc");
  expect(res.status()).toBe(200);
  const budgets = (
    (await res.json()) as {
      items: { id: string; name: string; projectId: string; clientName: string | null; currency: string }[];
    }
  ).items;
  const budget = budgets.find((b) => b.name.startsWith("Anthem")) ?? budgets[0];
  if (!budget) throw new Error("no approved budget in the demo workspace");
  const clients = (
    (await (
      await context.request.get("/api/clients?archived=active&sort=name&dir=asc&pageSize=200")
    ).json()) as {
      items: { id: string; name: string }[];
    }
  ).items;
  const client = clients.find((c) => c.name === budget.clientName) ?? clients[0];
  if (!client) throw new Error("no client in the demo workspace");
  return { budget, client };
}

async function pdfPage1(page: Page, link: Locator, name: string): Promise<string> {
  const [dl] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sow-pdf-"));
  const pdf = path.join(tmp, "sow.pdf");
  await dl.saveAs(pdf);
  expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdf, path.join(tmp, "sow-page")]);
  const png = fs.readdirSync(tmp).find((f) => /^sow-page-0*1\.png$/.test(f));
  expect(png, "first page rendered").toBeDefined();
  expect(fs.statSync(path.join(tmp, png!)).size).toBeGreaterThan(5_000);
  fs.mkdirSync(OUT, { recursive: true });
  fs.copyFileSync(path.join(tmp, png!), path.join(OUT, `${name}.png`));
  return execFileSync("pdftotext", ["-f", "1", "-l", "1", pdf, "-"]).toString();
}

describe("statements of work as the owner", () => {
  it("create, scope and schedule (a wrong sum refused), send, sign, invoice, PDF, version 2, list", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const { budget, client } = await demoProject(context);
    const currency = budget.currency;
    const money = (v: number) => formatMoney(v, currency);
    const today = appNow().toISOString().slice(0, 10);

    await openRoute(page, "/finance/sows");
    await page.getByRole("heading", { name: "Statements of Work", level: 1 }).waitFor();
    await axeClean(page, "SOW list");

    // New SOW: the project, its client and budget, a title.
    await page.getByRole("button", { name: "New SOW" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New SOW" });
    const project = dialog.getByLabel("Project", { exact: true });
    await expect.poll(() => project.locator(`option[value="${budget.projectId}"]`).count()).toBe(1);
    await project.selectOption(budget.projectId);
    const budgetSelect = dialog.getByLabel("Budget (optional)");
    await expect.poll(() => budgetSelect.locator(`option[value="${budget.id}"]`).count()).toBe(1);
    await budgetSelect.selectOption(budget.id);
    await dialog.getByLabel("Client", { exact: true }).selectOption(client.id);
    // Nothing is created without a title.
    await dialog.getByRole("button", { name: "Create SOW" }).click();
    expect(await text(dialog)).toContain("must not be empty");
    await dialog.getByLabel("Title").fill(TITLE);
    await axeClean(page, "new SOW dialog", '[role="dialog"]');
    await dialog.getByRole("button", { name: "Create SOW" }).click();
    await page.waitForURL(/\/finance\/sows\/[\w-]+$/);
    const sowUrl = new URL(page.url()).pathname;
    const number = await text(page.getByRole("heading", { level: 1 }));
    expect(number).toMatch(/^SOW-\d{4,}$/);
    const status = page.locator("[data-status]").first();
    expect(await text(status)).toBe("Draft");
    expect(await text(page.getByRole("main"))).toContain(client.name);
    await noToasts(page);

    // The deliverables read again from ClickUp (the project's deliverable tasks).
    await page.getByRole("button", { name: "Refresh from ClickUp" }).click();
    await page.locator("[data-sonner-toast]", { hasText: "Deliverables read from ClickUp" }).waitFor();

    // Scope, fee and a schedule that does not add up: said live, and Save refuses it.
    await page.getByRole("textbox", { name: "Scope" }).fill(SCOPE);
    await page.getByLabel(`Fee (${currency})`).fill(minorToDecimalString(FEE, currency));
    await page.getByRole("button", { name: "Add payment" }).click();
    await page.getByLabel("Payment 1 label").fill("Deposit");
    await page.getByLabel("Payment 1 percentage (%)").fill(String(DEPOSIT_BP / 100));
    await page.getByRole("button", { name: "Add payment" }).click();
    await page.getByLabel("Payment 2 label").fill("Balance");
    await page.getByLabel("Payment 2 timing").selectOption("milestone");
    await page.getByLabel("Payment 2 milestone").fill("On delivery of the final films");
    await page.getByLabel("Payment 2 given as").selectOption("amount");
    await page
      .getByLabel(`Payment 2 amount (${currency})`)
      .fill(minorToDecimalString(WRONG_BALANCE, currency));
    const check = page.getByTestId("schedule-check");
    const sumMessage = `must add up to the fee (${money(FEE)}): the payments come to ${money(WRONG_BALANCE + 25_000)}`;
    await expect.poll(() => text(check)).toContain(sumMessage);
    expect(await check.getAttribute("data-ok")).toBe("false");
    await page.getByRole("button", { name: "Save changes" }).click();
    expect(await text(page.getByTestId("save-error"))).toContain(sumMessage);
    await snap(page, "sow-schedule-refused-desktop");
    // The API refuses it too (400 naming the schedule), whatever the page checks.
    const sowId = sowUrl.split("/").pop()!;
    const refused = await context.request.patch(`/api/sows/${sowId}`, {
      data: { feeMinor: FEE, schedule: [{ label: "Deposit", amountMinor: WRONG_BALANCE }] },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("schedule");

    await page.getByLabel(`Payment 2 amount (${currency})`).fill(minorToDecimalString(BALANCE, currency));
    await expect.poll(() => check.getAttribute("data-ok")).toBe("true");
    expect(await text(check)).toContain(`add up to the fee (${money(FEE)})`);
    expect(await text(page.getByTestId("schedule-row-amount").first())).toContain(money(25_000));
    // A deliverable left out, when the project has any.
    const deliverables = page.getByTestId("sow-deliverable");
    const deliverableCount = await deliverables.count();
    if (deliverableCount > 0) await deliverables.first().getByRole("checkbox").uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${number} saved` }).waitFor();
    await expect.poll(() => page.getByTestId("unsaved").count()).toBe(0);
    expect(await page.getByRole("textbox", { name: "Scope" }).inputValue()).toBe(SCOPE);
    expect(await text(page.locator('[data-figure="Fee"]'))).toContain(money(FEE));
    expect(await text(page.locator('[data-figure="Scheduled"]'))).toContain(money(FEE));
    if (deliverableCount > 0) expect(await deliverables.first().getAttribute("data-included")).toBe("false");
    await noToasts(page);
    await axeClean(page, "draft SOW");
    await snap(page, "sow-draft-desktop");

    // Send: the recipient (the PDF goes attached).
    await page.getByRole("button", { name: "Send to client" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByLabel("Recipient e-mail").fill(RECIPIENT);
    await axeClean(page, "send confirmation", '[role="alertdialog"]');
    await confirm.getByRole("button", { name: "Send to client" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${number} sent to ${RECIPIENT}` }).waitFor();
    await expect.poll(() => text(status)).toBe("Sent");
    expect(await text(page.getByTestId("sow-scope"))).toBe(SCOPE);
    expect(await page.getByRole("button", { name: "Save changes" }).count()).toBe(0);

    // Mark signed: who signed is asked for; the day is the app's today.
    await page.getByRole("button", { name: "Mark signed" }).click();
    expect(await confirm.getByLabel("Signed on").inputValue()).toBe(today);
    await confirm.getByRole("button", { name: "Mark signed" }).click();
    expect(await text(confirm)).toContain("say who signed it");
    await confirm.getByLabel("Signed by").fill("Dana Client");
    await confirm.getByRole("button", { name: "Mark signed" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${number} marked signed` }).waitFor();
    await expect.poll(() => text(status)).toBe("Signed");
    // The signature is a day (no time of day), the other steps are instants.
    const history = await text(page.getByTestId("sow-history"));
    expect(history).toContain(`Signed by Dana Client${formatDetailDay(today)} · `);
    expect(history).toMatch(/^Created\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M · /);

    // An invoice from the deposit payment: a draft invoice, linked from the schedule.
    const deposit = page.getByTestId("schedule-entry").filter({ hasText: "Deposit" });
    await deposit.getByRole("button", { name: "Create invoice" }).click();
    const invoiceDialog = page.getByRole("alertdialog");
    expect(await invoiceDialog.getByLabel("Issue date").inputValue()).toBe(today);
    await axeClean(page, "create invoice confirmation", '[role="alertdialog"]');
    await invoiceDialog.getByRole("button", { name: "Create invoice" }).click();
    const override = invoiceDialog.getByLabel("Bill more than is left to bill on the job");
    const created = page.getByTestId("schedule-invoice");
    await Promise.race([override.waitFor(), created.waitFor()]);
    if (await override.count()) {
      // Other tests may have billed this budget: the API asks to confirm billing above what is left.
      await override.check();
      await invoiceDialog.getByRole("button", { name: "Create invoice" }).click();
    }
    await created.waitFor();
    const invoiceNumber = await text(created.getByRole("link"));
    expect(invoiceNumber).toMatch(/^INV-\d{4,}$/);
    expect(await text(created.locator("[data-status]"))).toBe("Draft");
    expect(await text(page.locator('[data-figure="Invoiced"]'))).toContain(money(25_000));
    await noToasts(page);
    await snap(page, "sow-signed-desktop");

    // The PDF of the signed version.
    const pdfText = await pdfPage1(page, page.getByRole("link", { name: "Download PDF" }), "sow-pdf-page1");
    expect(pdfText).toContain(number);
    expect(pdfText).toContain(TITLE);

    // Version 2: a draft copied from version 1, which stays readable (and signed).
    await page.getByRole("button", { name: "New version" }).click();
    await confirm.getByLabel("Why it changes (optional)").fill("A third cut-down added");
    await confirm.getByRole("button", { name: "New version" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${number} version 2 started` }).waitFor();
    await expect.poll(() => text(status)).toBe("Draft");
    expect(await page.getByRole("textbox", { name: "Scope" }).inputValue()).toBe(SCOPE);
    const versions = page.getByLabel("Version", { exact: true });
    expect(await versions.locator("option").count()).toBe(2);
    await page.getByRole("textbox", { name: "Scope" }).fill(`${SCOPE} Plus a third cut-down.`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${number} saved` }).waitFor();
    await versions.selectOption("1");
    await page.getByTestId("older-version").waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("version")).toBe("1");
    expect(await text(status)).toBe("Signed");
    expect(await text(page.getByTestId("sow-scope"))).toBe(SCOPE);
    expect(await page.getByRole("button", { name: "Save changes" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toBe(
      `/api/sows/${sowId}/pdf?version=1`,
    );
    await noToasts(page);
    await axeClean(page, "SOW version 1");
    await snap(page, "sow-version-1-desktop");

    // The invoice made from version 1's deposit: its page.
    await page.getByTestId("schedule-invoice").getByRole("link", { name: invoiceNumber }).click();
    await page.waitForURL(/\/finance\/invoices\/[\w-]+$/);
    await page
      .getByRole("heading", { level: 1, name: invoiceNumber })
      .waitFor({ timeout: 10_000 })
      .catch(async (e) => {
        await snap(page, "sow-invoice-page-failed");
        throw e;
      });
    expect(await text(page.getByTestId("invoice-total"))).toBe(money(25_000));

    // The list: found by its tag, the fee totals of the filtered set, the CSV of the same query.
    await openRoute(page, `/finance/sows?search=${encodeURIComponent(TAG)}`);
    const rows = page.getByTestId("sow-row");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await text(rows.first())).toContain(number);
    expect(await text(rows.first())).toContain("v2 · v1 signed");
    expect(await text(rows.first().locator("[data-status]"))).toBe("Draft");
    const totals = page.getByTestId("sow-totals");
    expect(await text(totals.getByRole("rowheader"))).toBe("Total of 1 SOW");
    expect(await text(totals.locator('[data-col="fee"]'))).toBe(money(FEE));
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `/api/sows/export.csv?search=${TAG}`,
    );
    const csv = await context.request.get(`/api/sows/export.csv?search=${TAG}`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(number);
    await page.getByLabel("Status").selectOption("signed");
    await expect.poll(() => rows.count()).toBe(0);
    await page.getByLabel("Status").selectOption("draft");
    await expect.poll(() => rows.count()).toBe(1);
    expect(formatSowNumber(Number(number.slice(4)))).toBe(number);
    await noToasts(page);
    await axeClean(page, "SOW list, searched");
    await snap(page, "sow-list-desktop");
    await rows.first().getByRole("link", { name: number }).click();
    await page.waitForURL((url) => url.pathname === sowUrl);

    // A SOW that does not exist: said, with the way back.
    const missing = await context.request.get("/api/sows/no-such-sow");
    expect(missing.status(), await missing.text()).toBe(404);
    await openRoute(page, "/finance/sows/no-such-sow");
    await page.getByText("Statement of work not found", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Back to statements of work" }).waitFor();
    await context.close();
  });

  it("at 390 px: the list and a SOW have no page overflow", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, `/finance/sows?search=${encodeURIComponent(TAG)}`);
    await page.getByTestId("sow-card").first().waitFor();
    await page.getByTestId("sow-totals-card").waitFor();
    let { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, `list: ${culprits.join(" | ")}`).toBe(0);
    await page.screenshot({ path: `${OUT}/sow-list-mobile.png` });

    await page.getByTestId("sow-card").first().click();
    await page.getByRole("heading", { level: 1, name: /^SOW-/ }).waitFor();
    await page.getByTestId("schedule-row").first().waitFor();
    ({ overflow, culprits } = await horizontalOverflow(page));
    expect(overflow, `SOW page: ${culprits.join(" | ")}`).toBe(0);
    await snap(page, "sow-page-mobile");
    await context.close();
  });
});

describe("statements of work as a member", () => {
  it("opening the URLs shows 'You don't have access'", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    for (const route of ["/finance/sows", "/finance/sows/some-sow"]) {
      await page.goto(route);
      await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    }
    await context.close();
  });
});
