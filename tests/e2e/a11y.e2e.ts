import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeFindings, describeFindings, settled } from "./axe";
import { openRoute, PUBLIC_ROUTES, signedIn, signedInRoutes } from "./app-routes";
import { DESKTOP, launchBrowser, MOBILE, newPage, snap } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["390 px", MOBILE],
] as const;

/** axe's serious and critical findings on the page as it is now, one line per node. */
async function audit(page: Page, label: string): Promise<string[]> {
  await settled(page);
  const findings = await axeFindings(page);
  return findings.length ? [describeFindings(label, findings)] : [];
}

/** Open something (a dialog, a menu), wait for it, audit the page with it open, then close it. */
async function auditOpened(
  page: Page,
  label: string,
  open: () => Promise<void>,
  opened: string,
  close: () => Promise<void> = () => page.keyboard.press("Escape"),
): Promise<string[]> {
  await open();
  await page.locator(opened).first().waitFor({ state: "visible" });
  await page.waitForFunction(
    (sel) => document.querySelector(`${sel} [data-slot="skeleton"]`) === null,
    opened,
  );
  const problems = await audit(page, label);
  await close();
  await page.locator(opened).first().waitFor({ state: "detached" });
  await settled(page);
  return problems;
}

/** Every dialog, menu and list box of the signed-in shell and the dashboard. */
async function auditDialogs(page: Page, who: string, mobile: boolean): Promise<string[]> {
  const problems: string[] = [];
  const dialog = '[role="dialog"]';
  const menu = '[role="menu"]';
  await openRoute(page, "/dashboard");
  problems.push(
    ...(await auditOpened(
      page,
      `${who} task detail dialog`,
      () => page.getByTestId("task-card").first().click(),
      dialog,
    )),
    ...(await auditOpened(
      page,
      `${who} project detail dialog`,
      () => page.getByTestId("project-row").first().click(),
      dialog,
    )),
    ...(await auditOpened(
      page,
      `${who} timesheet dialog`,
      () => page.getByTestId("booked-today").click(),
      dialog,
    )),
  );
  if (who === "admin") {
    problems.push(
      ...(await auditOpened(
        page,
        `${who} view-as picker`,
        () => page.getByRole("combobox", { name: "View dashboard as" }).click(),
        '[role="listbox"]',
      )),
    );
  }
  if (mobile) {
    problems.push(
      ...(await auditOpened(
        page,
        `${who} mobile menu`,
        () => page.getByRole("button", { name: "Open menu" }).click(),
        dialog,
      )),
    );
  } else {
    problems.push(
      ...(await auditOpened(
        page,
        `${who} projects menu`,
        () => page.getByRole("button", { name: "Projects", exact: true }).click(),
        menu,
      )),
      ...(await auditOpened(
        page,
        `${who} user menu`,
        () => page.getByRole("button", { name: "User menu" }).click(),
        menu,
      )),
      ...(await auditOpened(
        page,
        `${who} create workspace dialog`,
        async () => {
          await page.getByRole("button", { name: "User menu" }).click();
          await page.getByRole("menuitem", { name: "New workspace" }).click();
        },
        dialog,
      )),
    );
  }
  if (who === "admin") {
    await openRoute(page, "/settings?tab=security");
    problems.push(
      ...(await auditOpened(
        page,
        `${who} security log filter`,
        () => page.getByRole("combobox", { name: "Event type" }).click(),
        '[role="listbox"]',
      )),
    );
  }
  return problems;
}

describe("axe-core: no serious or critical violation on any route or dialog", () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`signed out, ${name}: every public route`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const problems: string[] = [];
      for (const route of PUBLIC_ROUTES) {
        await openRoute(page, route);
        problems.push(...(await audit(page, `signed out ${name} ${route}`)));
      }
      await context.close();
      expect(problems.join("\n")).toBe("");
    }, 120_000);

    for (const who of ["admin", "member"]) {
      it(`${who}@demo.test, ${name}: every route and dialog`, async () => {
        const { context, page, projectId } = await signedIn(browser, `${who}@demo.test`, viewport);
        const problems: string[] = [];
        for (const route of signedInRoutes(projectId)) {
          await openRoute(page, route);
          problems.push(...(await audit(page, `${who} ${name} ${route}`)));
        }
        problems.push(...(await auditDialogs(page, `${who} ${name}`, viewport === MOBILE)));
        await context.close();
        expect(problems.join("\n")).toBe("");
      }, 300_000);
    }
  }
});

describe("keyboard and focus", () => {
  it("a skip link is the first tab stop of a signed-in page and moves focus to the main content", async () => {
    const { context, page } = await signedIn(browser, "member@demo.test", DESKTOP);
    await openRoute(page, "/projects");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true); // shown once focused
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    // The next Tab continues inside the page, not in the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
    await context.close();
  });

  it("closing a dialog returns focus to what opened it (task card, project row, user menu)", async () => {
    const { context, page } = await signedIn(browser, "admin@demo.test", DESKTOP);
    await openRoute(page, "/dashboard");
    const isFocused = (testId: string) =>
      page.evaluate((id) => document.activeElement?.getAttribute("data-testid") === id, testId);

    await page.getByTestId("task-card").nth(1).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await isFocused("task-card")).toBe(true);
    expect(
      await page
        .getByTestId("task-card")
        .nth(1)
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await page.getByTestId("project-row").first().click();
    await page.getByRole("dialog").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await isFocused("project-row")).toBe(true);

    // A dialog opened from a menu item returns focus to the menu's button.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "New workspace" }).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(
      await page.getByRole("button", { name: "User menu" }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await context.close();
  });

  it("the week is one tab stop: Tab goes from the week to My Projects; arrow keys move between task cards", async () => {
    const { context, page } = await signedIn(browser, "admin@demo.test", DESKTOP);
    // The approvals inbox is drawn after the week, once its own request answers; walk the tab
    // order only once it is there (or known empty), or its buttons join the order mid-walk.
    const approvals = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/purchase-orders/approvals",
    );
    await openRoute(page, "/dashboard");
    const inbox = (await (await approvals).json()) as { total: number };
    if (inbox.total > 0) await page.getByTestId("po-approvals").waitFor();
    const cards = page.getByTestId("task-card");
    expect(await cards.count()).toBeGreaterThan(5);
    const active = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return {
          testId: el?.getAttribute("data-testid") ?? el?.tagName ?? null,
          day: el?.closest("[data-testid=week-day]")?.getAttribute("data-date") ?? null,
          text: el?.textContent ?? "",
        };
      });

    await page.getByRole("button", { name: "Next week" }).focus();
    await page.keyboard.press("Tab");
    const first = await active();
    expect(first.testId).toBe("task-card");
    await page.keyboard.press("Tab");
    expect((await active()).testId).not.toBe("task-card");

    // Back into the week: the same card, then the arrows.
    await page.keyboard.press("Shift+Tab");
    expect(await active()).toEqual(first);
    const dayOf = (date: string | null) => page.locator(`[data-testid="week-day"][data-date="${date}"]`);
    const inFirstDay = await dayOf(first.day).getByTestId("task-card").count();
    if (inFirstDay > 1) {
      await page.keyboard.press("ArrowDown");
      const next = await active();
      expect(next.day).toBe(first.day);
      expect(next.text).toBe(await dayOf(first.day).getByTestId("task-card").nth(1).textContent());
      await page.keyboard.press("ArrowUp");
      expect(await active()).toEqual(first);
    }
    // Left and right go to the nearest day that has cards, and stop at the week's ends. The tab
    // stop is today's first card, so which way there is room depends on the weekday: go towards
    // the side that has a day with cards (today may be the week's last or first day with cards).
    const daysWithCards = await page
      .locator('[data-testid="week-day"]')
      .evaluateAll((days) =>
        days
          .filter((d) => d.querySelector('[data-testid="task-card"]'))
          .map((d) => d.getAttribute("data-date") ?? ""),
      );
    expect(daysWithCards.length, "two days of the week with cards").toBeGreaterThan(1);
    const at = daysWithCards.indexOf(first.day!);
    expect(at).toBeGreaterThanOrEqual(0);
    const [away, back] =
      at < daysWithCards.length - 1 ? ["ArrowRight", "ArrowLeft"] : ["ArrowLeft", "ArrowRight"];
    const neighbour = daysWithCards[away === "ArrowRight" ? at + 1 : at - 1];
    if (away === "ArrowLeft") {
      // On the last day with cards, ArrowRight has nowhere to go: the focus stays on the card.
      await page.keyboard.press("ArrowRight");
      expect(await active()).toEqual(first);
    }
    await page.keyboard.press(away);
    const moved = await active();
    expect(moved.testId).toBe("task-card");
    expect(moved.day).toBe(neighbour);
    await page.keyboard.press(back);
    expect((await active()).day).toBe(first.day);
    // Tab still leaves the week after moving with the arrows.
    await page.keyboard.press(away);
    await page.keyboard.press("Tab");
    expect((await active()).testId).not.toBe("task-card");
    await context.close();
  });
});

describe("toasts", () => {
  it("a toast does not cover the user menu, which stays clickable while the toast shows", async () => {
    const { context, page } = await signedIn(browser, "member@demo.test", DESKTOP);
    await openRoute(page, "/settings?tab=account");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    const toast = page.locator("[data-sonner-toast]").first();
    await toast.waitFor({ state: "visible" });
    await settled(page);
    await snap(page, "a11y-toast-desktop");
    const menuBox = (await page.getByRole("button", { name: "User menu" }).boundingBox())!;
    const toastBox = (await toast.boundingBox())!;
    const overlaps =
      toastBox.x < menuBox.x + menuBox.width &&
      menuBox.x < toastBox.x + toastBox.width &&
      toastBox.y < menuBox.y + menuBox.height &&
      menuBox.y < toastBox.y + toastBox.height;
    expect(overlaps, `toast ${JSON.stringify(toastBox)} over the user menu ${JSON.stringify(menuBox)}`).toBe(
      false,
    );
    // Clicking it works at once, while the toast is still on screen.
    await page.getByRole("button", { name: "User menu" }).click({ timeout: 2_000 });
    await page.getByRole("menu").waitFor();
    expect(await toast.isVisible()).toBe(true);
    await context.close();
  });
});
