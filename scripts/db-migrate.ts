import { ConfigError, loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { migrate } from "../server/db/migrate";

try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  const applied = await migrate(database);
  await database.close();
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s): ${applied.join(", ")}`
      : "Database is up to date.",
  );
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
