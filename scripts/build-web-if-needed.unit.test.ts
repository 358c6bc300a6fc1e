import { afterEach, describe, expect, it } from "vitest";
import { buildKeepingNodeEnv } from "./build-web-if-needed";

// Vite's build() sets NODE_ENV=production when it is unset (what the fake build does here); the
// server started after a first-run build must still see the caller's NODE_ENV.
const original = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = original;
});

const viteLikeBuild = async () => {
  process.env.NODE_ENV ??= "production";
};

describe("buildKeepingNodeEnv", () => {
  it("leaves NODE_ENV unset when it was unset", async () => {
    delete process.env.NODE_ENV;
    await buildKeepingNodeEnv(viteLikeBuild);
    expect(process.env.NODE_ENV).toBeUndefined();
  });

  it("keeps a NODE_ENV that was set", async () => {
    process.env.NODE_ENV = "development";
    await buildKeepingNodeEnv(async () => {
      process.env.NODE_ENV = "production";
    });
    expect(process.env.NODE_ENV).toBe("development");
  });

  it("restores it when the build fails", async () => {
    delete process.env.NODE_ENV;
    await expect(
      buildKeepingNodeEnv(async () => {
        process.env.NODE_ENV = "production";
        throw new Error("build failed");
      }),
    ).rejects.toThrow("build failed");
    expect(process.env.NODE_ENV).toBeUndefined();
  });
});
