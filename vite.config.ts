import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { SESSION_COOKIE_MARKER, SIGNED_IN_SHELL } from "./web/src/lib/signed-in-hint";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Text files of the web build worth compressing ahead of time (fonts and images already are). */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|txt|json|xml|webmanifest|map)$/i;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) sibling next to every text file of
 * `dir` of at least 1 KiB (the threshold of server/lib/compress.ts) when it comes out smaller;
 * server/app.ts serves the one the browser accepts (serveStatic `precompressed`).
 */
export function precompressDirectory(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompressDirectory(file);
      continue;
    }
    if (!TEXT_FILE.test(entry.name)) continue;
    const raw = fs.readFileSync(file);
    if (raw.byteLength < 1024) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    });
    const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (br.byteLength < raw.byteLength) fs.writeFileSync(`${file}.br`, br);
    if (gz.byteLength < raw.byteLength) fs.writeFileSync(`${file}.gz`, gz);
  }
}

/** Brotli and gzip siblings of the built text files (issue 10 §4: compress what we send). */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "agency-hub:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}

/**
 * main.tsx is a tiny entry that starts the first screen's requests, then imports app.tsx (React,
 * the router, the query cache). Vite preloads only an entry's static imports, so this lists app.tsx's
 * chunk and everything it statically imports as <link rel="modulepreload"> in index.html: the browser
 * fetches them beside the entry instead of after it has run.
 */
function preloadApp(appModule: string): Plugin {
  return {
    name: "agency-hub:preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.chunk) return;
        const app = Object.values(bundle).find((c) => c.type === "chunk" && c.facadeModuleId === appModule);
        if (!app || app.type !== "chunk") throw new Error(`no chunk for ${appModule}`);
        const imports = (file: string): string[] => {
          const chunk = bundle[file];
          return chunk?.type === "chunk" ? chunk.imports : [];
        };
        // The entry's own imports already have their links (Vite adds them).
        const linked = new Set<string>();
        const link = (file: string) => {
          if (linked.has(file)) return;
          linked.add(file);
          imports(file).forEach(link);
        };
        link(ctx.chunk.fileName);
        const files: string[] = [];
        const visit = (file: string) => {
          if (linked.has(file)) return;
          linked.add(file);
          files.push(file);
          imports(file).forEach(visit);
        };
        visit(app.fileName);
        return files.map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

/**
 * dist/web/index.signed-in.html: the app shell server/app.ts answers "/" and "/dashboard" with when
 * the request carries a session cookie. It is index.html plus (1) a marker main.tsx reads as "a
 * session is probably there" — a browser's own hint (localStorage) is missing on a first visit,
 * and without one main.tsx waited for /api/me before asking for the dashboard's data — and (2)
 * `<link rel="modulepreload">` for the chunks of `modules` (the signed-in frame, the dashboard and
 * the session's schemas) and what they import, which otherwise were asked for only once the entry
 * had downloaded and run: on a slow link they now download beside the framework.
 */
function signedInShell(modules: readonly string[]): Plugin {
  return {
    name: "agency-hub:signed-in-shell",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (!index || index.type !== "asset") throw new Error("no index.html in the bundle");
      const html = String(index.source);
      const linked = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
      const files: string[] = [];
      const visit = (file: string) => {
        if (linked.has(file)) return;
        linked.add(file);
        files.push(file);
        const chunk = bundle[file];
        if (chunk?.type === "chunk") chunk.imports.forEach(visit);
      };
      for (const id of modules) {
        const chunk = Object.values(bundle).find((c) => c.type === "chunk" && c.facadeModuleId === id);
        if (!chunk) throw new Error(`no chunk for ${id}`);
        visit(chunk.fileName);
      }
      const head = [
        `<meta name="${SESSION_COOKIE_MARKER}" content="1" />`,
        ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      if (!html.includes("</head>")) throw new Error("index.html has no </head>");
      this.emitFile({
        type: "asset",
        fileName: SIGNED_IN_SHELL,
        source: html.replace("</head>", `  ${head.join("\n    ")}\n  </head>`),
      });
    },
  };
}

export default defineConfig({
  root: r("./web"),
  publicDir: r("./web/public"),
  plugins: [
    react(),
    tailwindcss(),
    preloadApp(r("./web/src/app.tsx")),
    signedInShell([
      r("./web/src/features/app-shell/app-layout.tsx"),
      r("./web/src/routes/dashboard.tsx"),
      r("./web/src/features/session/session-schemas.ts"),
    ]),
    precompress(),
  ],
  resolve: {
    alias: { "@": r("./web/src"), "@domain": r("./domain") },
  },
  build: {
    outDir: r("./dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Which chunk holds which route (tests/e2e/first-load.e2e.ts); never served (server/app.ts).
    manifest: true,
    rolldownOptions: {
      /*
       * What the first screen does not use stays out of its chunks (issue 10 §4). Our own modules
       * (web, domain, contracts) do nothing when imported but define things (the only bare imports
       * are CSS), so a module none of whose exports a screen uses is dropped whole, e.g. what
       * domain/index.ts re-exports. And building a zod schema changes nothing else, so a schema
       * nobody uses is not built: a contract module costs a screen only the schemas it parses with.
       */
      treeshake: {
        moduleSideEffects: (id: string) =>
          !id.includes("node_modules") && /[\\/](?:web[\\/]src|domain|server)[\\/].*\.tsx?$/.test(id)
            ? false
            : undefined,
        manualPureFunctions: ["z"],
      },
      output: {
        /*
         * Fewer, larger chunks on the first screen's critical path (issue 10 §4): on a slow link each
         * small file costs a round trip. Left alone, the bundler cuts the framework, every shared icon
         * and every shared component into its own chunk (27 files before the landing page painted).
         */
        codeSplitting: {
          groups: [
            {
              // What every first screen runs: React, the router, the query cache, the Button and the
              // spinner (with tailwind-merge, which their class names go through).
              name: "framework",
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/](?:query-core|react-query)|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(?:slot|compose-refs|primitive))[\\/]|rolldown[\\/]runtime|web[\\/]src[\\/](?:lib[\\/]cn\.ts|features[\\/]session[\\/]use-session\.ts|components[\\/]ui[\\/](?:button|spinner|input|label)\.tsx)$/,
              priority: 6,
            },
            // The icons, one file (~100 small modules otherwise cut into a dozen shared chunks).
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 5 },
            // zod and the session's contract: every screen validates the session with them.
            {
              name: "schemas",
              test: /node_modules[\\/]zod[\\/]|server[\\/]modules[\\/]session[\\/]contract\.ts$|domain[\\/]permissions\.ts$/,
              priority: 4,
            },
            /*
             * The entry's own imports: what main.tsx starts the first screen's requests with (the
             * fetch helper, the session hint, this week's dates) and Vite's preload helper. A small
             * file of their own, so the entry runs as soon as it and this file arrive; in the
             * "framework" group (where they landed otherwise) the session and the dashboard's data
             * were asked for only once React, the router and the query cache had downloaded.
             */
            {
              name: "boot",
              test: /domain[\\/](?:dates|week)\.ts$|web[\\/]src[\\/]lib[\\/](?:api|public-paths|signed-in-hint)\.ts$|vite[\\/]preload-helper/,
              priority: 7,
            },
            /*
             * What only the signed-in side draws first: the frame and navigation, the dashboard's
             * panels, the menus they use (Radix, floating-ui) and their contracts. One file instead
             * of about twenty on the dashboard's critical path; never fetched by a public page
             * (none of these modules is imported there). What the dashboard shows only on request
             * (its dialogs, the timesheet, the "View as" picker and Radix Select under it) is left
             * out: it loads after the page is drawn (dashboard-page.tsx).
             */
            {
              name: "signed-in",
              test: /node_modules[\\/](?:@floating-ui[\\/]|@radix-ui[\\/]react-(?:menu|dropdown-menu|collapsible|avatar|popper|arrow|roving-focus|collection|direction|use-size|visually-hidden|use-is-hydrated)[\\/])|web[\\/]src[\\/](?:features[\\/](?:app-shell[\\/]app-layout|navigation|dashboard|impersonation)[\\/](?!detail-dialogs|impersonation-picker)|components[\\/](?:status-pill|ui[\\/](?:sheet|collapsible|skeleton|avatar|dropdown-menu|pager))\.tsx$)|server[\\/]modules[\\/](?:projects|dashboard|impersonation)[\\/]contract\.ts$|domain[\\/](?:paging|project-groups|status)\.ts$/,
              priority: 1,
            },
            /*
             * What the sign-in, setup and invitation screens share with the signed-in side: the
             * domain rules, dialogs, toasts, the workspace screens' contracts. A group takes its
             * modules' dependencies too, so its test names only the roots: a broader one swallowed
             * the menus and pickers.
             */
            /*
             * Forms (react-hook-form and its zod resolver): one file for the screens that are forms
             * (sign-in, setup, settings, finance); kept out of "common", as the dashboard draws no
             * form until a dialog is opened.
             */
            {
              name: "forms",
              test: /node_modules[\\/](?:react-hook-form|@hookform)[\\/]|web[\\/]src[\\/]lib[\\/]form\.ts$/,
              priority: 2,
            },
            {
              name: "common",
              test: /node_modules[\\/](?:sonner|@radix-ui[\\/]react-dialog)[\\/]|domain[\\/](?:index|messages|sign-in|security)\.ts$|web[\\/]src[\\/](?:features[\\/](?:workspaces[\\/](?:api|use-workspaces)|auth[\\/]auth-api|landing[\\/]brand-mark)\.tsx?$|components[\\/]ui[\\/](?:dialog|badge|card|toaster)\.tsx$)|server[\\/]modules[\\/](?:workspaces|invitations|members|audit)[\\/]contract\.ts$/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/__sim": "http://localhost:3000" },
  },
});
