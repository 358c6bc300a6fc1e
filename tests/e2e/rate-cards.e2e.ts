import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatDetailDay, toIsoDate } from "@domain/index";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { appNow, DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";

/*
 * /finance/rate-cards (issue 12 item 2): an admin adds a role rate, refuses bad money text with
 * the field's message, changes the rate from a new effective date (a new line; the old one kept
 * and greyed as past), deletes a line after confirming; a member gets 'You don't have access'.
 * axe (serious/critical) on the page and its dialogs, desktop and 390 px; no overflow at 390 px.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const day = (offset: number) => toIsoDate(addDays(appNow(), offset))!;

describe("rate cards as an admin", () => {
  it("adds a role rate, refuses bad money text, adds a line from a new date and deletes one after confirming", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "admin@demo.test");
    await openRoute(page, "/finance/rate-cards");
    await axeClean(page, "rate cards");

    const card = page.getByRole("region", { name: "Staff cost" });
    await card.getByRole("button", { name: "Add rate" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a rate to Staff cost" });
    await dialog.getByLabel("A role (ClickUp tag)").check();
    await dialog.getByLabel("Role tag").fill("colorist-e2e");
    const rate = dialog.getByLabel("Rate per hour (USD)");
    const first = day(-30);
    const second = day(-1);
    await dialog.getByLabel("Effective from").fill(first);

    // Bad money text: each refusal is said under the field and tied to it.
    for (const [text, message] of [
      ["abc", "enter an amount in USD without symbols or letters, e.g. 150.00"],
      ["-5", "must not be negative"],
      ["12.345", "USD has at most 2 decimals, e.g. 150.00"],
    ] as const) {
      await rate.fill(text);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => rate.getAttribute("aria-invalid")).toBe("true");
      const describedBy = await rate.getAttribute("aria-describedby");
      expect(await page.locator(`#${describedBy}`).textContent()).toBe(message);
    }
    await axeClean(page, "add-rate dialog with a refused amount", '[role="dialog"]');

    await rate.fill("95.5");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    const rates = card.getByRole("list", { name: "Rates of colorist-e2e" });
    await expect.poll(() => rates.getByRole("listitem").allTextContents()).toHaveLength(1);
    expect(await rates.getByRole("listitem").first().textContent()).toContain("$95.50/h");

    // A new effective date adds a line; the earlier rate stays, greyed as past.
    await rates
      .getByRole("button", { name: `Edit rate of colorist-e2e from ${formatDetailDay(first)}` })
      .click();
    const edit = page.getByRole("dialog", { name: "Rate of colorist-e2e" });
    expect(await edit.getByLabel("Rate per hour (USD)").inputValue()).toBe("95.50");
    await edit.getByLabel("Rate per hour (USD)").fill("1,210");
    await edit.getByLabel("Effective from").fill(second);
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await expect.poll(() => rates.getByRole("listitem").count()).toBe(2);
    const items = rates.getByRole("listitem");
    expect(await items.nth(0).textContent()).toContain("$1,210.00/h");
    expect(await items.nth(0).getAttribute("data-status")).toBe("current");
    expect(await items.nth(1).textContent()).toContain("$95.50/h");
    expect(await items.nth(1).getAttribute("data-status")).toBe("past");
    expect(await items.nth(1).getAttribute("class")).toContain("text-muted-foreground");
    await snap(page, "rate-cards-desktop");

    // Delete asks first: Cancel keeps the line, Delete removes it.
    const deleteOld = rates.getByRole("button", {
      name: `Delete rate of colorist-e2e from ${formatDetailDay(first)}`,
    });
    await deleteOld.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this rate?" });
    await confirm.waitFor();
    await axeClean(page, "delete-rate confirmation", '[role="alertdialog"]');
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await rates.getByRole("listitem").count()).toBe(2);
    await deleteOld.click();
    await page
      .getByRole("alertdialog", { name: "Delete this rate?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect.poll(() => rates.getByRole("listitem").count()).toBe(1);
    expect(await rates.getByRole("listitem").first().textContent()).toContain("$1,210.00/h");

    // Leave the demo as it was: the test's role line goes too.
    await rates
      .getByRole("button", { name: `Delete rate of colorist-e2e from ${formatDetailDay(second)}` })
      .click();
    await page
      .getByRole("alertdialog", { name: "Delete this rate?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await card.getByRole("list", { name: "Rates of colorist-e2e" }).waitFor({ state: "detached" });
    await context.close();
  });

  it("at 390 px: no horizontal overflow, and the page and the rate dialog pass axe", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "admin@demo.test");
    await openRoute(page, "/finance/rate-cards");
    const { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, culprits.join(" | ")).toBe(0);
    await axeClean(page, "rate cards 390 px");
    await snap(page, "rate-cards-mobile");
    await page.getByRole("region", { name: "Staff cost" }).getByRole("button", { name: "Add rate" }).click();
    await page.getByRole("dialog", { name: "Add a rate to Staff cost" }).waitFor();
    await axeClean(page, "add-rate dialog 390 px", '[role="dialog"]');
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    await context.close();
  });
});

describe("rate cards as a member", () => {
  it("opening the URL shows 'You don't have access' and no rates", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    await page.goto("/finance/rate-cards");
    await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    expect(await page.getByText("Staff cost").count()).toBe(0);
    await axeClean(page, "rate cards, member");
    await context.close();
  });
});
