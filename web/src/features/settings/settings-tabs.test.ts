import { describe, expect, it } from "vitest";
import { resolveSettingsTab, visibleSettingsTabs } from "./settings-tabs";

const owner = { canManageUsers: true, canManageIntegrations: true };
const member = { canManageUsers: false, canManageIntegrations: false };

describe("settings tabs", () => {
  it("shows Slack and Security log only to those allowed", () => {
    expect(visibleSettingsTabs(owner).map((t) => t.id)).toEqual([
      "organization",
      "people",
      "clickup",
      "slack",
      "security",
      "account",
    ]);
    expect(visibleSettingsTabs(member).map((t) => t.id)).toEqual([
      "organization",
      "people",
      "clickup",
      "account",
    ]);
    expect(visibleSettingsTabs({ canManageUsers: true }).map((t) => t.id)).toContain("security");
    expect(visibleSettingsTabs({ canManageUsers: true }).map((t) => t.id)).not.toContain("slack");
    expect(visibleSettingsTabs(undefined).map((t) => t.id)).toEqual([
      "organization",
      "people",
      "clickup",
      "account",
    ]);
  });

  it("opens the requested tab, else falls back to Organization", () => {
    expect(resolveSettingsTab("slack", owner)).toBe("slack");
    expect(resolveSettingsTab("account", member)).toBe("account");
    expect(resolveSettingsTab(null, owner)).toBe("organization");
    expect(resolveSettingsTab("nope", owner)).toBe("organization");
    expect(resolveSettingsTab("Slack", owner)).toBe("organization");
    expect(resolveSettingsTab("security", member)).toBe("organization");
    expect(resolveSettingsTab("slack", undefined)).toBe("organization");
  });
});
