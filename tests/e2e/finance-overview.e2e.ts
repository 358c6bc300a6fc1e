import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";

/*
 * /finance overview (issue 15 item 6): the demo agency's documents as a producer opens them —
 * the open purchase orders and the one waiting for approval, the camera bill due this week (two
 * days overdue), the client's deposit invoice overdue, and the jobs not billed yet; each links
 * to its document. The demo dates them from the app's today, so this holds on any date.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("finance overview as the owner", () => {
  it("shows the open POs, the bill due this week, the overdue invoice and unbilled work, each linking on", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/finance");

    const invoices = page.getByTestId("overview-invoices");
    const deposit = invoices.getByRole("link", { name: "INV-0001" });
    await deposit.waitFor();
    expect(await invoices.textContent()).toMatch(/\d+ days? overdue/);
    expect(await invoices.textContent()).toMatch(/invoices? overdue: .*\$[\d,]+\.\d\d outstanding/);

    const bills = page.getByTestId("overview-bills");
    await bills.getByText("Panavision Hollywood").first().waitFor();
    expect(await bills.textContent()).toMatch(
      /bills? due by Sunday: \$[\d,]+\.\d\d, \$[\d,]+\.\d\d of it overdue/,
    );

    const pos = page.getByTestId("overview-purchase-orders");
    await pos.getByText("Sunset Stages").first().waitFor();
    expect(await pos.textContent()).toMatch(/open POs?, \$[\d,]+\.\d\d committed/);
    await pos.getByRole("link", { name: /purchase orders? waiting for approval/ }).waitFor();

    const unbilled = page.getByTestId("overview-unbilled");
    await unbilled.getByText("Anthem :60 & :30 — AICP").first().waitFor();
    expect(await unbilled.textContent()).toMatch(/invoiced/);
    await axeClean(page, "finance overview (1280)");
    await snap(page, "finance-overview-1280");

    // The overdue invoice opens its page.
    await deposit.click();
    await page.waitForURL(/\/finance\/invoices\/[^/]+$/);
    await page.getByText("INV-0001").first().waitFor();
    await context.close();
  });

  it("fits a phone (390 px) without sideways scroll", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/finance");
    await page.getByTestId("overview-invoices").getByRole("link", { name: "INV-0001" }).waitFor();
    const { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, culprits.join(", ")).toBe(0);
    await snap(page, "finance-overview-390");
    await context.close();
  });
});
