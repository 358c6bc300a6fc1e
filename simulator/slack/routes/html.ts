import { escapeHtml } from "../../clickup/routes/html";

export { escapeHtml };

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; background: #f8f8f8; color: #1d1c1d; }
  .bar { background: #4a154b; color: #fff; padding: 10px 20px; font-weight: 700; }
  .bar small { opacity: .8; font-weight: 400; margin-left: 8px; }
  .bar a { color: #fff; margin-left: 16px; font-weight: 400; }
  main { max-width: 560px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 28px 32px; box-shadow: 0 6px 24px rgba(0,0,0,.08); }
  main.wide { max-width: 1100px; }
  h1 { font-size: 22px; margin: 0 0 8px; }
  .muted { color: #616061; }
  label { display: block; margin: 6px 0; }
  fieldset { border: 1px solid #ddd; border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
  legend { font-weight: 600; padding: 0 6px; }
  select, button { font: inherit; }
  select { padding: 6px 8px; border-radius: 6px; border: 1px solid #bbb; min-width: 280px; }
  button { border: 0; border-radius: 8px; padding: 10px 18px; cursor: pointer; }
  button.primary { background: #007a5a; color: #fff; font-weight: 600; }
  button.secondary { background: #eee; color: #1d1c1d; }
  .error { background: #fdecec; color: #a31515; border-radius: 8px; padding: 10px 14px; margin: 12px 0; }
  .actions { display: flex; gap: 10px; margin-top: 20px; }
  table { border-collapse: collapse; width: 100%; }
  td, th { text-align: left; padding: 6px 8px; border-bottom: 1px solid #eee; vertical-align: top; }
  td.text { white-space: pre-wrap; word-break: break-word; }
  code { background: #f1f1f1; padding: 1px 5px; border-radius: 4px; }
`;

/** A simulator page (consent, posted messages, workspaces). `base` is the mount's base URL for the nav links. */
export function page(title: string, body: string, opts: { wide?: boolean; base?: string } = {}): string {
  const nav =
    opts.base !== undefined
      ? `<a href="${escapeHtml(opts.base || "/")}">Workspaces</a><a href="${escapeHtml(opts.base)}/messages">Posted messages</a>`
      : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="bar">Slack <small>simulator</small>${nav}</div>
<main${opts.wide ? ' class="wide"' : ""}>
${body}
</main>
</body>
</html>`;
}
