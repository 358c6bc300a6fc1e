import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtIndex = path.join(root, "dist/web/index.html");
const sources = ["web", "domain", "vite.config.ts", "package-lock.json", "scripts/prerender-landing.tsx"].map(
  (p) => path.join(root, p),
);

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

async function viteBuild(): Promise<void> {
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
  // The landing page as static HTML (scripts/prerender-landing.tsx), from the build just made.
  const { prerenderLanding } = await import("./prerender-landing");
  prerenderLanding(path.dirname(builtIndex));
}

/**
 * Run a build without letting it change this process's NODE_ENV: Vite's build() sets
 * NODE_ENV=production when it is unset, and the server started right after would then refuse the
 * built-in ClickUp simulator (production needs CLICKUP_SIMULATOR=on), so a first `npm start` on a
 * fresh clone failed where the second one worked.
 */
export async function buildKeepingNodeEnv(build: () => Promise<void>): Promise<void> {
  const had = Object.prototype.hasOwnProperty.call(process.env, "NODE_ENV");
  const before = process.env.NODE_ENV;
  try {
    await build();
  } finally {
    if (had) process.env.NODE_ENV = before;
    else delete process.env.NODE_ENV;
  }
}

/** Build the web app when there is no build, or when any web source is newer than it. */
export async function buildWebIfNeeded(log: (line: string) => void = console.log): Promise<boolean> {
  const landing = path.join(path.dirname(builtIndex), "landing.html");
  const builtAt =
    fs.existsSync(builtIndex) && fs.existsSync(landing)
      ? Math.min(fs.statSync(builtIndex).mtimeMs, fs.statSync(landing).mtimeMs)
      : 0;
  const newestSource = Math.max(...sources.map(newestMtime));
  if (builtAt && builtAt >= newestSource) return false;
  log(builtAt ? "Web sources changed: rebuilding the web app…" : "Building the web app (first run)…");
  await buildKeepingNodeEnv(viteBuild);
  return true;
}
