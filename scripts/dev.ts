import { spawn } from "node:child_process";

/** API with reload (tsx watch) on :3000 and the Vite dev server on :5173 proxying /api to it. */
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/main.ts"], {
    stdio: "inherit",
    env: process.env,
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
