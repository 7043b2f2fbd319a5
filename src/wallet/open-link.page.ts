import { escapeHtml } from '../common/html/escape-html';
import { renderHtmlPage } from '../common/html/html-page';

export interface OpenLinkPage {
  /** Null when the code is unknown or its flow can no longer be picked up. */
  flow: { appName: string; action: string; payload: string } | null;
  deepLink: string;
  qrSvg: string;
  nonce: string;
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1c2430; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); text-align: center; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .payload { background: #f0f3f7; border-radius: 8px; padding: .75rem 1rem; text-align: left; white-space: pre-wrap; }
  a.button { display: inline-block; margin: 1.25rem 0; padding: .8rem 1.6rem; background: #1757d6; color: #fff;
             border-radius: 8px; text-decoration: none; font-weight: 600; }
  .desktop { border-top: 1px solid #e3e7ec; margin-top: 1rem; padding-top: 1rem; font-size: .95rem; }
  .qr svg { width: 12rem; height: 12rem; }
`;

const ACTION_PHRASES: Record<string, string> = {
  login: 'log in',
  signup: 'sign up',
  link: 'link your digital ID',
  sign: 'sign',
  confirm: 'confirm',
};

/** The page behind a same-device link: it hands the code to the digital-ID app and helps people on a computer. */
export function renderOpenLinkPage(page: OpenLinkPage): string {
  const body = page.flow
    ? `<h1>Continue in your digital-ID app</h1>
    <p><strong id="app-name">${escapeHtml(page.flow.appName)}</strong> asks you to ${escapeHtml(ACTION_PHRASES[page.flow.action] ?? page.flow.action)}:</p>
    <p class="payload" id="payload">${escapeHtml(page.flow.payload)}</p>
    <a class="button" id="open-app" href="${escapeHtml(page.deepLink)}">Open in the app</a>
    <section class="desktop" id="desktop-help">
      <p>On a computer? Open your digital-ID app on your phone and scan this code:</p>
      <div class="qr" id="qr">${page.qrSvg}</div>
    </section>
    <script nonce="${page.nonce}">
      // The holder app installed in this browser, on this origin, takes the code itself: no custom scheme to ask for.
      (navigator.serviceWorker?.getRegistration('/app/') ?? Promise.resolve()).then((app) => {
        const code = location.pathname.split('/').pop();
        if (app) window.location.replace('/app/?code=' + encodeURIComponent(code));
        else if (/Android|iPhone|iPad|iPod/i.test(navigator.userAgent)) window.location.href = ${JSON.stringify(page.deepLink)};
      });
      // The QR code is animated: a new frame every second, so a photo of it is soon worth nothing.
      const redraw = setInterval(async () => {
        const answer = await fetch(location.pathname + '/qr-frame', { cache: 'no-store' }).catch(() => null);
        if (answer?.status === 404) return clearInterval(redraw);
        if (answer?.ok) document.getElementById('qr').innerHTML = (await answer.json()).svg;
      }, 1000);
    </script>`
    : `<h1>This link is no longer valid</h1>
    <p id="expired">It was already used, or it has expired. Go back to the site that sent you and start again.</p>`;
  return renderHtmlPage({ title: 'Continue in your digital-ID app', nonce: page.nonce, style: STYLE, main: body });
}
