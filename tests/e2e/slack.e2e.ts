import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRoute } from "./app-routes";
import { SLACK_NOTIFICATION_KINDS, SLACK_NOTIFICATION_LABELS } from "../../server/modules/slack/contract";
import { baseUrl, DESKTOP, launchBrowser, newPage, signInAsDemo, snap } from "./browser";
import { orderableBudget, post } from "./finance-fixtures";

/*
 * Slack (PRODUCT.md → Slack, issue 17): the demo owner installs the app through the built-in
 * simulator's consent page, picks #finance in Settings → Slack, submits a PO for approval, and
 * the notification shows on the simulator's posted-messages page. Objects are this file's own.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TAG = randomUUID().slice(0, 8);
const VENDOR = `E2E Slack Grip ${TAG}`;

describe("Slack notifications", () => {
  it("the owner installs Slack, picks a channel, and a PO waiting for approval is posted there", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    // Slack sends the browser back to PUBLIC_URL (http://localhost:port), not the 127.0.0.1 the
    // tests use: sign in there too and walk the install on that host, as a person would.
    const app = baseUrl().replace("127.0.0.1", "localhost");
    const signIn = await context.request.post(`${app}/api/auth/sign-in/email`, {
      data: { email: "owner@demo.test", password: "demo1234" },
      headers: { origin: app },
    });
    expect(signIn.status()).toBe(200);
    await openRoute(page, `${app}/settings?tab=slack`);
    const panel = page.locator("#slack");
    await panel.waitFor();
    await panel.getByRole("link", { name: /Add to Slack|Install again/ }).click();

    // The simulator's consent page (slack.com/oauth/v2/authorize stand-in).
    await page.waitForURL(/\/__sim\/slack\/oauth\/v2\/authorize/);
    await page.getByRole("radio", { name: /Demo Agency/ }).check();
    await page.getByRole("button", { name: "Allow" }).click();

    await page.waitForURL(/\/settings\?tab=slack&.*slack=installed/);
    expect(await page.getByRole("tab", { name: "Slack" }).getAttribute("aria-selected")).toBe("true");
    await expect
      .poll(() => panel.getByRole("status").textContent())
      .toContain("Slack installed in Demo Agency");
    await expect.poll(() => panel.textContent()).toContain("Connected");

    await panel.getByRole("combobox", { name: "Channel" }).click();
    await page.getByRole("option", { name: "#finance" }).click();
    await panel.getByRole("button", { name: "Save channel" }).click();
    await expect.poll(() => panel.textContent()).toContain("Notifications go to #finance.");
    // Every notification PRODUCT.md lists has its switch, on by default.
    for (const kind of SLACK_NOTIFICATION_KINDS) {
      const label = SLACK_NOTIFICATION_LABELS[kind];
      expect(await panel.getByRole("checkbox", { name: label }).isChecked(), label).toBe(true);
    }
    await snap(page, "slack-settings-connected");

    const budget = await orderableBudget(context);
    const vendor = await post(context, "/api/vendors", { name: VENDOR }, 201);
    const po = await post(
      context,
      "/api/purchase-orders",
      {
        vendorId: vendor.id,
        budgetId: budget.id,
        description: `Dolly track ${TAG}`,
        lines: [{ budgetLineKey: budget.lines[0]!.key, amountMinor: 240_000 }],
      },
      201,
    );
    await post(context, `/api/purchase-orders/${po.id}/transitions`, { action: "submit" });

    // The simulator's posted-messages page, as a person reads it.
    const messages = await context.newPage();
    await expect
      .poll(
        async () => {
          await messages.goto("/__sim/slack/messages?channel=C03FINANCE");
          return messages.locator("body").textContent();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain(`${po.displayNumber} to ${VENDOR} for $2,400.00 is waiting for your approval`);
    const json = (await (
      await context.request.get("/__sim/slack/messages.json?channel=C03FINANCE")
    ).json()) as {
      messages: { text: string }[];
    };
    expect(json.messages.filter((m) => m.text.includes(VENDOR))).toHaveLength(1);
    await context.close();
  });
});
