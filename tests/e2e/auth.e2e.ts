import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { inject } from "vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../api/totp";
import { launchBrowser, MOBILE, newPage, snap } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
const PASSWORD = "a long enough password";

async function desktopSignUp(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.getByText("Account created successfully!").waitFor();
}

async function desktopSignIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signOutFromMenu(page: Page) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await page.waitForURL("**/auth");
}

describe("accounts and workspaces in the browser", () => {
  it("signs up, sets up workspaces, switches, signs out, rejects a wrong password, and signs in with TOTP", async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail("owner");
    await desktopSignUp(page, email);
    // No workspace yet: /setup, with no navigation.
    await page.waitForURL("**/setup");
    await expect(page.getByRole("navigation", { name: "Main" }).count()).resolves.toBe(0);
    // Empty name does nothing.
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.url()).toMatch(/\/setup$/);
    await page.getByPlaceholder("Enter workspace name").fill("  Northwind Studio  ");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText("Organization created successfully").waitFor();
    await page.waitForURL((u) => !u.pathname.startsWith("/setup"));

    // Second workspace from the user menu dialog.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "New workspace" }).click();
    await page.getByRole("dialog", { name: "Create New Workspace" }).waitFor();
    await page.getByLabel("Workspace Name").fill("Blue Harbor Post");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText("Organization created successfully").last().waitFor();

    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByText("All Workspaces").waitFor();
    const current = page.getByRole("menuitem", { name: /Blue Harbor Post/ });
    await expect(current.getAttribute("aria-current")).resolves.toBe("true");
    await snap(page, "auth-user-menu");
    await page.getByRole("menuitem", { name: /Northwind Studio/ }).click();
    await page.getByText("Organization switched").waitFor();
    await page.getByText("Switched to Northwind Studio").waitFor();

    // TOTP set-up in /settings.
    await page.goto("/settings?tab=account");
    await page.getByLabel("Your password").fill(PASSWORD);
    await page.getByRole("button", { name: "Set up two-factor" }).click();
    await page.getByAltText("QR code for the authenticator app").waitFor();
    const secret = await page.getByTestId("totp-secret").innerText();
    const uri = `otpauth://totp/x?secret=${secret}`;
    await page.getByLabel("Code from the app").fill(totpCode(uri));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Two-factor authentication is on").waitFor();
    await snap(page, "auth-settings-2fa");

    await signOutFromMenu(page);

    // Wrong password: the server's exact message.
    await desktopSignIn(page, email, "not my password");
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    await snap(page, "auth-wrong-password");

    // Right password → TOTP challenge → in.
    await desktopSignIn(page, email);
    await page.getByLabel("Authentication code").fill(totpCode(uri));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((u) => u.pathname === "/" || u.pathname === "/dashboard");
    // Signed in: /auth redirects to /.
    await page.goto("/auth");
    await page.waitForURL((u) => u.pathname === "/");
    await context.close();
  });

  it("invites a member who signs up through the link, joins, and sees only what a member may", async () => {
    const owner = await newPage(browser);
    const ownerEmail = uniqueEmail("inviter");
    await desktopSignUp(owner.page, ownerEmail);
    await owner.page.waitForURL("**/setup");
    await owner.page.getByPlaceholder("Enter workspace name").fill("Invite Agency");
    await owner.page.getByRole("button", { name: "Create" }).click();
    await owner.page.waitForURL((u) => !u.pathname.startsWith("/setup"));
    await owner.page.goto("/settings?tab=people");
    const inviteeEmail = uniqueEmail("invitee");
    await owner.page.getByLabel("Invite by e-mail").fill(inviteeEmail);
    await owner.page.getByRole("button", { name: "Invite", exact: true }).click();
    await owner.page.getByText("Invitation sent").waitFor();
    await owner.page.getByRole("list", { name: "Pending invitations" }).getByText(inviteeEmail).waitFor();
    await snap(owner.page, "auth-members-panel");

    const outbox = path.join(inject("e2eDataDir"), "outbox");
    const mail = fs
      .readdirSync(outbox)
      .filter((f) => f.includes(inviteeEmail.replace(/[^a-z0-9@._-]/gi, "_")))
      .map((f) => fs.readFileSync(path.join(outbox, f), "utf8").replace(/=\r?\n/g, ""))
      .join("\n");
    const token = mail.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();

    const invitee = await newPage(browser);
    await invitee.page.goto(`/invite/${token}`);
    await invitee.page.getByText("Join Invite Agency").waitFor();
    await invitee.page.getByRole("link", { name: "Sign in or sign up to accept" }).click();
    await invitee.page.getByRole("button", { name: "Sign up" }).click();
    await invitee.page.getByLabel("Email").fill(inviteeEmail);
    await invitee.page.getByLabel("Password").fill(PASSWORD);
    await invitee.page.getByRole("button", { name: "Sign Up" }).click();
    await invitee.page.waitForURL(`**/invite/${token}`);
    await invitee.page.getByRole("button", { name: "Accept invitation" }).click();
    await invitee.page.waitForURL((u) => u.pathname === "/");
    await invitee.page.goto("/settings?tab=account");
    await invitee.page.getByText("Your profile").waitFor();
    await expect(invitee.page.getByText("Security log").count()).resolves.toBe(0);
    await invitee.page.goto("/settings?tab=people");
    await invitee.page.getByRole("heading", { name: "Time off" }).waitFor();
    await expect(invitee.page.getByRole("list", { name: "Members" }).count()).resolves.toBe(0);
    await invitee.page.getByRole("button", { name: "User menu" }).click();
    await invitee.page
      .getByRole("menuitem", { name: /Invite Agency/ })
      .getByText("Member")
      .waitFor();
    await snap(invitee.page, "auth-member-menu");
    await owner.context.close();
    await invitee.context.close();
  });
});

describe("mobile /auth", () => {
  it("shows Google first, switches to e-mail and back, and retries a failing connection with a status line", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    await page.getByRole("button", { name: "Sign in with email instead" }).click();
    await page.getByRole("button", { name: "Back to Google sign-in" }).click();
    await page.getByRole("button", { name: "Sign in with email instead" }).click();

    // Empty form → the spec's message.
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Please enter both email and password").waitFor();

    // The network drops every sign-in: Retrying (n/3), then Connection Failed and Try Again.
    let calls = 0;
    await page.route("**/api/auth/sign-in/email", (route) => {
      calls++;
      return route.abort("failed");
    });
    await page.getByLabel("Email").fill(uniqueEmail("mobile"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByTestId("connection-status").filter({ hasText: "Retrying (1/3)" }).waitFor();
    await page.getByText("Connection issue detected. Retrying in 1 seconds...").waitFor();
    await snap(page, "auth-mobile-retrying");
    await page
      .getByTestId("connection-status")
      .filter({ hasText: "Connection Failed" })
      .waitFor({ timeout: 15_000 });
    expect(calls).toBe(4);
    await page
      .getByRole("alert")
      .filter({ hasText: "Authentication failed after multiple attempts." })
      .waitFor();
    await page.getByRole("button", { name: "Try Again" }).waitFor();
    await snap(page, "auth-mobile-failed");

    // Offline: status says so and the buttons are disabled.
    await context.setOffline(true);
    await page.getByTestId("connection-status").filter({ hasText: "Offline" }).waitFor();
    await expect(page.getByRole("button", { name: "Sign In", exact: true }).isDisabled()).resolves.toBe(true);
    await context.setOffline(false);
    await context.close();
  });

  it("recovers the session with ?mobile=true&retry=enabled and redirects to / after about 100 ms", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const email = uniqueEmail("mobile-ok");
    const res = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: PASSWORD, name: email },
    });
    expect(res.status()).toBe(200);
    await page.goto("/auth?mobile=true&retry=enabled");
    await page.waitForURL((u) => u.pathname === "/" || u.pathname === "/setup", { timeout: 10_000 });
    await context.close();
  });
});
