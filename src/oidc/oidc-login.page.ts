import { escapeHtml } from '../common/html/escape-html';
import { renderHtmlPage } from '../common/html/html-page';
import type { LoginPageView } from './oidc-login.service';

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1c2430; }
  main { max-width: 52rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  h2 { font-size: 1.05rem; margin: 0 0 .5rem; }
  .ways { display: flex; flex-wrap: wrap; gap: 1rem; }
  .way { flex: 1 1 14rem; border: 1px solid #e3e7ec; border-radius: 8px; padding: 1rem; }
  .qr svg { width: 12rem; height: 12rem; max-width: 100%; }
  a.button, button { display: inline-block; font: inherit; padding: .7rem 1.2rem; margin: .25rem 0; border-radius: 8px;
                     border: 1px solid #1757d6; background: #1757d6; color: #fff; font-weight: 600;
                     text-decoration: none; cursor: pointer; }
  button.secondary { background: #fff; color: #1757d6; }
  label { display: block; margin-bottom: .25rem; }
  input { font: inherit; padding: .6rem; border: 1px solid #b8c1cc; border-radius: 8px; width: 100%;
          box-sizing: border-box; margin-bottom: .5rem; }
  .sandbox { margin-top: 1rem; border-top: 1px solid #e3e7ec; padding-top: 1rem; }
  .sandbox ul { list-style: none; padding: 0; margin: 0; }
  #status { min-height: 1.5rem; margin-top: 1rem; font-weight: 600; }
  #status.failed { color: #b42318; }
  .code { font-size: 1.6rem; letter-spacing: .3rem; font-weight: 700; }
`;

/** The page's own code: it follows the login every second and goes where the provider sends it once it is over. */
const SCRIPT = `
  const base = location.pathname;
  const status = document.getElementById('status');
  const say = (text, failed) => { status.textContent = text; status.className = failed ? 'failed' : ''; };
  // Once the page leaves for the app it leaves once: an answer still under way (the stream's, the poll's, a button's)
  // that also carries redirectTo would start a second resume, which the provider refuses and which aborts the first.
  let over = false;
  let events = null;
  // Calls still under way when the page leaves are abandoned: the login is over, and they would find it gone (404).
  const leaving = new AbortController();
  const show = (progress) => {
    if (over) return true;
    if (progress.redirectTo) {
      over = true;
      leaving.abort();
      if (events) events.close();
      say('Done: taking you back');
      location.assign(progress.redirectTo);
      return true;
    }
    if (progress.qrSvg) document.getElementById('qr').innerHTML = progress.qrSvg;
    if (progress.link) document.getElementById('open-app').href = progress.link;
    const code = document.getElementById('verification-code');
    if (progress.verificationCode) { code.textContent = progress.verificationCode; code.parentElement.hidden = false; }
    return false;
  };
  const call = async (path, body) => {
    const answer = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST', cache: 'no-store', signal: leaving.signal,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => null);
    if (!answer) { if (!over) say('No connection; trying again', true); return null; }
    const json = await answer.json().catch(() => ({}));
    if (!answer.ok) { say(json.errors?.[0]?.message ?? json.reason ?? 'That did not work', true); return null; }
    return json.data ?? json;
  };
  const check = async () => {
    if (over) return;
    const progress = await call('/progress');
    if (progress) over = show(progress);
  };
  const poll = async () => {
    await check();
    if (!over) setTimeout(poll, 1000);
  };
  // Live: each change of the flow makes the page ask at once. The once-a-second poll redraws the QR code and stands in
  // when the stream cannot be had; a push to a NIN follows another flow, so the stream is opened again after one.
  const follow = () => {
    if (events) events.close();
    if (!window.EventSource) return;
    events = new EventSource(base + '/events');
    events.onmessage = check;
    events.onerror = () => events.close();
  };
  document.getElementById('push').addEventListener('submit', async (event) => {
    event.preventDefault();
    say('Sent: approve the login in your digital-ID app');
    const progress = await call('/push', { nin: document.getElementById('nin').value });
    if (progress) { over = show(progress); follow(); }
  });
  document.getElementById('cancel').addEventListener('click', async () => {
    const progress = await call('/cancel', {});
    if (progress) over = show(progress);
  });
  for (const button of document.querySelectorAll('[data-nin]')) {
    button.addEventListener('click', async () => {
      say('Approving as ' + button.dataset.name);
      const progress = await call('/sandbox-approve', { nin: button.dataset.nin });
      if (progress) over = show(progress);
    });
  }
  follow();
  setTimeout(poll, 1000);
`;

/** The hosted login page of an authorization request: scan, open the app on this phone, or have the login pushed. */
export function renderLoginPage(view: LoginPageView, nonce: string): string {
  const sandbox = view.testPersons.length
    ? `<section class="sandbox" aria-labelledby="sandbox-title">
      <h2 id="sandbox-title">Sandbox: approve as a test person</h2>
      <ul>${view.testPersons
        .map(
          (person) =>
            `<li><button type="button" class="secondary" data-nin="${escapeHtml(person.nin)}" data-name="${escapeHtml(person.name)}">Approve as ${escapeHtml(person.name)}</button></li>`,
        )
        .join('')}</ul>
    </section>`
    : '';
  const main = `<h1>Log in to ${escapeHtml(view.appName)}</h1>
    <p>Confirm who you are with your digital-ID app, in one of three ways.</p>
    <div class="ways">
      <section class="way" aria-labelledby="scan-title">
        <h2 id="scan-title">Scan with your phone</h2>
        <div class="qr" id="qr" role="img" aria-label="QR code to scan with your digital-ID app">${view.progress.qrSvg ?? ''}</div>
      </section>
      <section class="way" aria-labelledby="phone-title">
        <h2 id="phone-title">On this phone</h2>
        <a class="button" id="open-app" href="${escapeHtml(view.progress.link ?? '#')}">Open your digital-ID app</a>
      </section>
      <section class="way" aria-labelledby="push-title">
        <h2 id="push-title">Send it to your app</h2>
        <form id="push">
          <label for="nin">Your NIN</label>
          <input id="nin" name="nin" inputmode="numeric" autocomplete="off" required minlength="11" maxlength="32"
                 value="${escapeHtml(view.loginHint ?? '')}">
          <button type="submit">Send to my app</button>
        </form>
        <p hidden>Check that your app shows <span class="code" id="verification-code"></span></p>
      </section>
    </div>
    ${sandbox}
    <p id="status" role="status" aria-live="polite"></p>
    <button type="button" class="secondary" id="cancel">Cancel and go back</button>`;
  return renderHtmlPage({ title: `Log in to ${view.appName}`, nonce, style: STYLE, main, script: SCRIPT });
}
