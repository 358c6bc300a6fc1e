import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database, RawSql } from "./client";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));
/** Arbitrary constant: the advisory-lock key that serialises concurrent migrators. */
const LOCK_KEY = 7_314_001;

interface Journal {
  entries: { idx: number; tag: string }[];
}

export interface MigrationFile {
  tag: string;
  sql: string;
  hash: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as Journal;
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => {
      const sql = fs.readFileSync(path.join(dir, `${tag}.sql`), "utf8");
      return { tag, sql, hash: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Apply pending migrations, each in its own transaction. On PostgreSQL a session advisory
 * lock makes concurrent runs (several instances booting, two `npm run db:migrate`) safe:
 * the second waits, then finds nothing left to do.
 */
export async function migrate(database: Database, files = readMigrations()): Promise<string[]> {
  return database.withConnection(async (conn) => {
    if (database.kind === "postgres") await conn.query("select pg_advisory_lock($1)", [LOCK_KEY]);
    try {
      return await applyPending(conn, files);
    } finally {
      if (database.kind === "postgres") await conn.query("select pg_advisory_unlock($1)", [LOCK_KEY]);
    }
  });
}

async function applyPending(conn: RawSql, files: MigrationFile[]): Promise<string[]> {
  await conn.exec(`create table if not exists app_migrations (
    tag text primary key,
    hash text not null,
    applied_at timestamptz not null default now()
  )`);
  const { rows } = await conn.query<{ tag: string }>("select tag from app_migrations");
  const done = new Set(rows.map((r) => r.tag));
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file.tag)) continue;
    const statements = file.sql
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    await conn.exec("begin");
    try {
      for (const statement of statements) await conn.exec(statement);
      await conn.query("insert into app_migrations (tag, hash) values ($1, $2)", [file.tag, file.hash]);
      await conn.exec("commit");
    } catch (err) {
      await conn.exec("rollback");
      throw new Error(`Migration ${file.tag} failed: ${(err as Error).message}`, { cause: err });
    }
    applied.push(file.tag);
  }
  return applied;
}
