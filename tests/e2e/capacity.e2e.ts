import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, isoWeekday, toIsoDate } from "@domain/index";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { appNow, DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";

/*
 * Settings → Organization, People capacity and Time off (issue 12 item 3): an admin sets a
 * person's hours per day, adds a half day of time off for someone and sees an overlapping one
 * refused with the server's message under its start date; a member adds their own time off (the
 * only person they may choose). axe (serious/critical) on the page and its dialogs, desktop and
 * 390 px; no horizontal overflow at 390 px. Everything the tests add is removed again.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A weekday `offset` days or more from the app's today, far from the demo's own time off. */
function weekdayFrom(offset: number): string {
  let d = addDays(appNow(), offset);
  while (isoWeekday(toIsoDate(d)!) > 5) d = addDays(d, 1);
  return toIsoDate(d)!;
}

describe("capacity settings as an admin", () => {
  it("sets a person's hours per day, refusing more than 24", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "admin@demo.test");
    await openRoute(page, "/settings?tab=people");
    const people = page.getByRole("list", { name: "People capacity" });
    const row = people.getByRole("listitem").first();
    const name = ((await row.locator(".font-medium").first().textContent()) ?? "").trim();
    await row.getByRole("button", { name: `Edit capacity of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Capacity of ${name}` });
    const hours = dialog.getByLabel("Hours per day");
    const before = await hours.inputValue();

    await hours.fill("25");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => hours.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await hours.getAttribute("aria-describedby")}`).textContent()).toBe(
      "hours per day must be between 0 and 24",
    );
    await axeClean(page, "person capacity dialog", '[role="dialog"]');

    await hours.fill("6.5");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => row.textContent()).toContain("6.5h/day");

    // Put the demo back as it was.
    await row.getByRole("button", { name: `Edit capacity of ${name}` }).click();
    await page
      .getByRole("dialog", { name: `Capacity of ${name}` })
      .getByLabel("Hours per day")
      .fill(before);
    await page
      .getByRole("dialog", { name: `Capacity of ${name}` })
      .getByRole("button", { name: "Save" })
      .click();
    await page.getByRole("dialog", { name: `Capacity of ${name}` }).waitFor({ state: "detached" });
    await context.close();
  });

  it("sets a person's purchasing limit and utilisation target, refusing a float amount and over 100 %", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "admin@demo.test");
    await openRoute(page, "/settings?tab=people");
    const people = page.getByRole("list", { name: "People capacity" });
    // The last person: the hours test edits the first.
    const row = people.getByRole("listitem").last();
    const name = ((await row.locator(".font-medium").first().textContent()) ?? "").trim();
    await row.getByRole("button", { name: `Edit capacity of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Capacity of ${name}` });
    const limit = dialog.getByLabel(/^Purchasing limit/);
    const target = dialog.getByLabel("Utilisation target (%)");
    const before = { limit: await limit.inputValue(), target: await target.inputValue() };
    const message = async (field: typeof limit) =>
      page.locator(`#${await field.getAttribute("aria-describedby")}`).textContent();

    await limit.fill("1500.505");
    await target.fill("120");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => limit.getAttribute("aria-invalid")).toBe("true");
    expect(await message(limit)).toMatch(/has at most 2 decimals/);
    expect(await target.getAttribute("aria-invalid")).toBe("true");
    expect(await message(target)).toBe("must be at most 100 %");
    await axeClean(page, "person capacity dialog with limit errors", '[role="dialog"]');

    await limit.fill("1,500.50");
    await target.fill("72.5");
    const [saved] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "PUT" && r.url().includes("/api/capacity/people/"),
      ),
      dialog.getByRole("button", { name: "Save" }).click(),
    ]);
    expect(saved.status()).toBe(200);
    // Integers on the wire: minor units and basis points.
    expect(saved.request().postDataJSON()).toMatchObject({
      purchasingLimitMinor: 150_050,
      utilizationTargetBp: 7250,
    });
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => row.getByTestId("person-limits").textContent()).toMatch(/Limit \S+1,500\.50/);
    expect(await row.getByTestId("person-limits").textContent()).toContain("Target 72.50 %");
    await snap(page, "capacity-person-limits");

    // The dialog reads them back as typed; then put the demo back as it was.
    await row.getByRole("button", { name: `Edit capacity of ${name}` }).click();
    expect(await limit.inputValue()).toBe("1500.50");
    expect(await target.inputValue()).toBe("72.5");
    await limit.fill(before.limit);
    await target.fill(before.target);
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("adds a half day of time off, refuses an overlapping one with the server's message, deletes it after confirming", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "admin@demo.test");
    await openRoute(page, "/settings?tab=people");
    await axeClean(page, "settings, admin");
    const start = weekdayFrom(200);

    await page.getByRole("button", { name: "Add time off" }).click();
    const dialog = page.getByRole("dialog", { name: "Add time off" });
    const person = dialog.getByLabel("Person");
    const options = await person.locator("option").allTextContents();
    expect(options.length).toBeGreaterThan(1); // an admin may choose anyone
    const who = options[options.length - 1]!;
    await person.selectOption({ label: who });
    await dialog.getByLabel("From").fill(start);
    await dialog.getByLabel("Half day (a single day, half the hours)").check();
    expect(await dialog.getByLabel("To").isDisabled()).toBe(true);
    await dialog.getByLabel("Type").selectOption("other");
    await dialog.getByLabel("Note (optional)").fill("e2e dentist");
    await axeClean(page, "time off dialog", '[role="dialog"]');
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    const list = page.getByRole("list", { name: "Time off" });
    const entry = list.getByRole("listitem").filter({ hasText: "e2e dentist" });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(who);
    expect(await entry.textContent()).toContain("(half day)");

    // The same person again over that day: the server's 409 message under From.
    await page.getByRole("button", { name: "Add time off" }).click();
    const again = page.getByRole("dialog", { name: "Add time off" });
    await again.getByLabel("Person").selectOption({ label: who });
    await again.getByLabel("From").fill(addIso(start, -1));
    await again.getByLabel("To").fill(addIso(start, 2));
    await again.getByRole("button", { name: "Save" }).click();
    const from = again.getByLabel("From");
    await expect.poll(() => from.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await from.getAttribute("aria-describedby")}`).textContent()).toBe(
      `overlaps time off from ${start} to ${start}`,
    );
    await snap(page, "time-off-overlap-desktop");
    await again.getByRole("button", { name: "Cancel" }).click();
    await again.waitFor({ state: "detached" });

    // Edit → Delete asks first.
    await entry.getByRole("button", { name: /^Edit time off of/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit time off" });
    await edit.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this time off?" });
    await axeClean(page, "delete time off confirmation", '[role="alertdialog"]');
    await confirm.getByRole("button", { name: "Delete" }).click();
    await entry.waitFor({ state: "detached" });
    await context.close();
  });

  it("at 390 px: no horizontal overflow; the page and the time off dialog pass axe", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "admin@demo.test");
    await openRoute(page, "/settings?tab=people");
    const { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, culprits.join(" | ")).toBe(0);
    await axeClean(page, "settings 390 px");
    await snap(page, "settings-capacity-mobile");
    await page.getByRole("button", { name: "Add time off" }).click();
    await page.getByRole("dialog", { name: "Add time off" }).waitFor();
    await axeClean(page, "time off dialog 390 px", '[role="dialog"]');
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    await context.close();
  });
});

function addIso(day: string, days: number): string {
  return toIsoDate(addDays(new Date(`${day}T00:00:00Z`), days))!;
}

describe("time off as a member", () => {
  it("enters their own time off only, reads the organization settings without changing them", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    await openRoute(page, "/settings?tab=organization");
    expect(await page.getByLabel("Default hours per day").isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Save organization settings" }).count()).toBe(0);
    await axeClean(page, "settings organization, member");
    await openRoute(page, "/settings?tab=people");
    await page.getByRole("heading", { name: "Time off" }).waitFor();
    expect(await page.getByRole("list", { name: "People capacity" }).count()).toBe(0);
    await axeClean(page, "settings people, member");

    const start = weekdayFrom(230);
    await page.getByRole("button", { name: "Add time off" }).click();
    const dialog = page.getByRole("dialog", { name: "Add time off" });
    expect(await dialog.getByLabel("Person").count()).toBe(0); // themselves, named, not a choice
    const me = ((await dialog.getByText("Person:").locator("..").textContent()) ?? "")
      .replace("Person:", "")
      .trim();
    expect(me.length).toBeGreaterThan(0);
    await dialog.getByLabel("From").fill(start);
    await dialog.getByLabel("To").fill(addIso(start, 1));
    await dialog.getByLabel("Type").selectOption("holiday");
    await dialog.getByLabel("Note (optional)").fill("e2e member trip");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    const entry = page
      .getByRole("list", { name: "Time off" })
      .getByRole("listitem")
      .filter({ hasText: "e2e member trip" });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(me);

    // Only their own rows can be changed.
    const rows = page.getByRole("list", { name: "Time off" }).getByRole("listitem");
    for (const row of await rows.all()) {
      const editable = (await row.getByRole("button", { name: /^Edit time off of/ }).count()) > 0;
      expect(editable, (await row.textContent()) ?? "").toBe(
        (await row.textContent())?.startsWith(me) ?? false,
      );
    }

    await entry.getByRole("button", { name: /^Edit time off of/ }).click();
    await page.getByRole("dialog", { name: "Edit time off" }).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete this time off?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await entry.waitFor({ state: "detached" });
    await context.close();
  });
});
