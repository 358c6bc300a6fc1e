import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import { orderableBudget, post } from "./finance-fixtures";

/*
 * The approvals inbox (PRODUCT.md → Purchase orders: "a member approves up to their purchasing
 * limit"): the admin raises two POs and submits them; the demo member, whose purchasing limit is
 * $5,000.00 (server/demo/seed-capacity-rates.ts), finds both on the dashboard, approves the one
 * within the limit and reads why the other needs an admin. Objects are this file's own.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TAG = randomUUID().slice(0, 8);
const VENDOR = `E2E Approvals Rentals ${TAG}`;

/** A PO of one line on an approved demo budget, submitted for approval. */
async function waitingPurchaseOrder(context: BrowserContext, amountMinor: number, description: string) {
  const budget = await orderableBudget(context);
  const found = (await (
    await context.request.get(`/api/vendors?search=${encodeURIComponent(VENDOR)}`)
  ).json()) as {
    items: { id: string }[];
  };
  const vendor = found.items[0] ?? (await post(context, "/api/vendors", { name: VENDOR }, 201));
  const po = await post(
    context,
    "/api/purchase-orders",
    {
      vendorId: vendor.id,
      budgetId: budget.id,
      description,
      lines: [{ budgetLineKey: budget.lines[0]!.key, amountMinor }],
    },
    201,
  );
  await post(context, `/api/purchase-orders/${po.id}/transitions`, { action: "submit" });
  return po;
}

describe("purchase orders waiting for approval", () => {
  it("the member approves one within their limit from the dashboard and reads why the other needs an admin", async () => {
    const admin = await newPage(browser, DESKTOP);
    await signInAsDemo(admin.context, "admin@demo.test");
    const within = await waitingPurchaseOrder(admin.context, 120_000, `Camera package ${TAG}`);
    const above = await waitingPurchaseOrder(admin.context, 750_000, `Crane and crew ${TAG}`);
    await admin.context.close();

    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    await openRoute(page, "/dashboard");
    const card = page.getByTestId("po-approvals");
    await card.waitFor();
    expect(await card.getByRole("heading").textContent()).toMatch(
      /^Purchase orders waiting for approval \(\d+\)$/,
    );
    await expect.poll(() => card.textContent()).toContain("You approve up to $5,000.00.");

    const rowOf = (po: { displayNumber: string }) =>
      card.getByTestId("po-approval").filter({ hasText: po.displayNumber });
    // Too many waiting POs page the card: find ours on any page.
    for (let i = 0; i < 20 && (await rowOf(within).count()) === 0; i++) {
      await card.getByRole("button", { name: "Next" }).click();
    }
    const mine = rowOf(within);
    expect(await mine.textContent()).toContain("$1,200.00");
    expect(await mine.textContent()).toContain(VENDOR);
    // A member without financial permission gets no link to a PO page they cannot open.
    expect(await mine.getByRole("link").count()).toBe(0);
    await axeClean(page, "dashboard approvals", '[data-testid="po-approvals"]');
    await snap(page, "po-approvals-member-desktop");

    await mine.getByRole("button", { name: "Approve" }).click();
    await page.locator("[data-sonner-toast]", { hasText: `${within.displayNumber} approved` }).waitFor();
    await expect.poll(() => rowOf(within).count()).toBe(0);

    // The API agrees: approved, by the member.
    const approved = (await (
      await context.request.get(`/api/purchase-orders/approvals?pageSize=100`)
    ).json()) as {
      items: { id: string; refusal: string | null }[];
    };
    expect(approved.items.map((i) => i.id)).not.toContain(within.id);
    const refused = approved.items.find((i) => i.id === above.id);
    expect(refused?.refusal).toBe(
      "This purchase order ($7,500.00) is above your purchasing limit of $5,000.00: an admin or owner must approve it.",
    );
    await context.close();

    // The admin sees it approved.
    const check = await newPage(browser, DESKTOP);
    await signInAsDemo(check.context, "admin@demo.test");
    const detail = (await (await check.context.request.get(`/api/purchase-orders/${within.id}`)).json()) as {
      status: string;
      approvedBy: { name: string } | null;
    };
    expect(detail.status).toBe("approved");
    await check.context.close();
  });

  it("at 390 px the card fits the phone, and the refusal reads in full", async () => {
    const admin = await newPage(browser, DESKTOP);
    await signInAsDemo(admin.context, "admin@demo.test");
    const above = await waitingPurchaseOrder(admin.context, 900_000, `Drone unit ${TAG}`);
    await admin.context.close();

    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "member@demo.test");
    await openRoute(page, "/dashboard");
    const card = page.getByTestId("po-approvals");
    await card.waitFor();
    for (let i = 0; i < 20 && (await card.getByText(above.displayNumber).count()) === 0; i++) {
      await card.getByRole("button", { name: "Next" }).click();
    }
    const row = card.getByTestId("po-approval").filter({ hasText: above.displayNumber });
    expect(await row.getByTestId("po-approval-refusal").textContent()).toBe(
      "This purchase order ($9,000.00) is above your purchasing limit of $5,000.00: an admin or owner must approve it.",
    );
    expect(await row.getByRole("button", { name: "Approve" }).count()).toBe(0);
    await row.scrollIntoViewIfNeeded();
    const overflow = await horizontalOverflow(page);
    expect(overflow.overflow, overflow.culprits.join(", ")).toBeLessThanOrEqual(0);
    await snap(page, "po-approvals-member-mobile");
    await context.close();
  });
});
