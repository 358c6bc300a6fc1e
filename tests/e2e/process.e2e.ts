import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { startApp } from "./global-setup";

/** GET through `agent`; resolves with the status and whether the request reused a pooled socket. */
function getVia(agent: http.Agent, url: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on("error", reject);
  });
}

function runMain(env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-cfg-")), ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("the process", () => {
  it("keeps its data across a stop (SIGTERM) and a start", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-restart-"));
    const first = await startApp({ DATA_DIR: dataDir });
    await first.stop();
    expect(first.child.exitCode).toBe(0);

    const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
    await db.query("insert into organizations (id, name) values ('org-kept', 'Kept Across Restarts')");
    await db.close();

    const second = await startApp({ DATA_DIR: dataDir });
    const health = await (await fetch(`${second.url}/api/health`)).json();
    expect(health).toEqual({ status: "ok", database: "pglite" });

    // An idle keep-alive connection outlives Node's 5 s default: a client that reuses it
    // after a pause (a browser tab, a proxy, the e2e request context) is not reset.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await getVia(agent, `${second.url}/api/health`)).toEqual({ status: 200, reused: false });
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await getVia(agent, `${second.url}/api/health`)).toEqual({ status: 200, reused: true });
    agent.destroy();

    await second.stop();
    expect(second.child.exitCode).toBe(0);

    const again = await PGlite.create({ dataDir: path.join(dataDir, "db") });
    const { rows } = await again.query<{ name: string }>(
      "select name from organizations where id = 'org-kept'",
    );
    const migrations = await again.query<{ n: number }>("select count(*)::int as n from app_migrations");
    await again.close();
    expect(rows).toEqual([{ name: "Kept Across Restarts" }]);
    expect(migrations.rows[0]!.n).toBeGreaterThan(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("ends with one clear line on a bad PORT", () => {
    const r = runMain({ PORT: "abc" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('Invalid configuration: PORT must be a number (got "abc")');
  });

  it("ends with one clear line when DATABASE_URL is unreachable", () => {
    const r = runMain({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/nowhere" });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Agency Hub failed to start: Cannot connect to DATABASE_URL \(127\.0\.0\.1:1\/nowhere\)/,
    );
  });

  it("refuses a DATABASE_URL that is not a postgres URL", () => {
    const r = runMain({ DATABASE_URL: "mysql://x@y/z" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://x@y/z")',
    );
  });
});
