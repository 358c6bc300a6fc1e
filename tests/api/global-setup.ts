import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { openDatabase } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated database that each test file clones. */
    pgliteTemplate: string;
    /** PostgreSQL (TEST_DATABASE_URL): name of a migrated template database. */
    pgTemplateDb: string;
  }
}

/**
 * Migrate once, clone per test file: a PGlite data-dir dump, or a PostgreSQL template
 * database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `agency_hub_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 1 });
    await migrate(database);
    await database.close();
    project.provide("pgTemplateDb", name);
    project.provide("pgliteTemplate", "");
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await migrate(database);
  const dump = await database.pglite!.dumpDataDir("none");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-tpl-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", file);
  project.provide("pgTemplateDb", "");
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
