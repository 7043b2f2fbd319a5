import { escapeHtml } from './escape-html';

export interface HtmlPage {
  title: string;
  /** The CSP nonce the page's own style and scripts carry. */
  nonce: string;
  style: string;
  /** The content of `<main>`, already escaped where it holds caller data. */
  main: string;
  /** A script run after the content (only ever the page's own code). */
  script?: string;
}

/** The document every hosted page shares: one language, viewport, nonce'd style, `<main>`, then its script. */
export function renderHtmlPage(page: HtmlPage): string {
  const script = page.script ? `\n  <script nonce="${page.nonce}">${page.script}</script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(page.title)}</title>
  <style nonce="${page.nonce}">${page.style}</style>
</head>
<body>
  <main>
    ${page.main}
  </main>${script}
</body>
</html>`;
}
