import { runMain } from "../server/main";
import { buildWebIfNeeded } from "./build-web-if-needed";

await buildWebIfNeeded();
await runMain();
