/** Minimal HTML helpers for the simulator's pages (authorize page, task and folder pages). */

export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; background: #f7f8fc; color: #292d34; }
  .bar { background: #7b68ee; color: #fff; padding: 10px 20px; font-weight: 600; letter-spacing: .02em; }
  .bar small { opacity: .8; font-weight: 400; margin-left: 8px; }
  main { max-width: 560px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 28px 32px; box-shadow: 0 6px 24px rgba(0,0,0,.08); }
  main.wide { max-width: 900px; }
  h1 { font-size: 22px; margin: 0 0 8px; }
  p.muted, .muted { color: #646f87; }
  label { display: block; margin: 6px 0; }
  fieldset { border: 1px solid #e4e6ef; border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
  legend { font-weight: 600; padding: 0 6px; }
  select, button { font: inherit; }
  select { padding: 6px 8px; border-radius: 6px; border: 1px solid #c9cedb; min-width: 280px; }
  button { border: 0; border-radius: 8px; padding: 10px 18px; cursor: pointer; }
  button.primary { background: #7b68ee; color: #fff; font-weight: 600; }
  button.secondary { background: #eef0f6; color: #292d34; }
  .error { background: #fdecec; color: #a31515; border-radius: 8px; padding: 10px 14px; margin: 12px 0; }
  .actions { display: flex; gap: 10px; margin-top: 20px; }
  table { border-collapse: collapse; width: 100%; }
  td, th { text-align: left; padding: 6px 8px; border-bottom: 1px solid #eef0f6; vertical-align: top; }
  code { background: #f1f2f7; padding: 1px 5px; border-radius: 4px; }
`;

export function page(title: string, body: string, opts: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="bar">ClickUp <small>simulator</small></div>
<main${opts.wide ? ' class="wide"' : ""}>
${body}
</main>
</body>
</html>`;
}
