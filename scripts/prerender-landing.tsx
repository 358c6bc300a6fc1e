import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { LandingPage } from "@/features/landing/landing-page";
import { precompressDirectory } from "../vite.config";

/*
 * The landing page as a finished HTML file (issue 10 §4: a first load of "/" that is fast on a
 * phone). The page is static — text, pictures drawn in HTML and SVG, links — so a signed-out
 * visitor needs none of the app's JavaScript to read it: server/app.ts answers "/" without a
 * session cookie with dist/web/landing.html, which is index.html (the same CSS) with the
 * landing page rendered into #root and no scripts. "Sign In" is a plain link to /auth, where the
 * app starts. A visitor with a session cookie gets the app as before.
 */

/**
 * The built index.html made into the landing page: its markup in #root, its title, no scripts.
 * (The app draws in the system's font, web/src/index.css: there is no font to preload.)
 */
export function landingHtml(indexHtml: string, markup: string): string {
  const title = /<title>([\s\S]*?)<\/title>/.exec(markup)?.[1];
  const body = markup.replace(/<title>[\s\S]*?<\/title>/, "");
  const start = indexHtml.indexOf('<div id="root">');
  const end = indexHtml.lastIndexOf("</body>");
  if (start < 0 || end < start) throw new Error('index.html has no <div id="root"> before </body>');
  let html = `${indexHtml.slice(0, start)}<div id="root">${body}</div>\n  ${indexHtml.slice(end)}`;
  // No scripts and nothing preloaded for them: the page is complete as it is.
  html = html.replace(/\s*<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  if (title) html = html.replace(/<title>[\s\S]*?<\/title>/, `<title>${title}</title>`);
  return html;
}

/** Write dist/web/landing.html (and its .br/.gz) from the build in `webDir`. */
export function prerenderLanding(webDir: string): string {
  const index = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={["/"]}>
      <LandingPage />
    </MemoryRouter>,
  );
  const file = path.join(webDir, "landing.html");
  fs.writeFileSync(file, landingHtml(index, markup));
  const scratch = fs.mkdtempSync(path.join(webDir, ".landing-"));
  try {
    // Compress just this file the way the build compresses the others.
    fs.copyFileSync(file, path.join(scratch, "landing.html"));
    precompressDirectory(scratch);
    for (const ext of [".br", ".gz"]) {
      const made = path.join(scratch, `landing.html${ext}`);
      if (fs.existsSync(made)) fs.renameSync(made, `${file}${ext}`);
      else fs.rmSync(`${file}${ext}`, { force: true });
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const webDir = fileURLToPath(new URL("../dist/web", import.meta.url));
  console.log(`wrote ${path.relative(process.cwd(), prerenderLanding(webDir))}`);
}
