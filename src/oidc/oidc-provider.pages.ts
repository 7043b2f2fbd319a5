import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '../common/html/escape-html';
import { renderHtmlPage } from '../common/html/html-page';
import { hostedPageHeaders, pageNonce } from '../common/html/send-html-page';

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1c2430; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  button { font: inherit; padding: .7rem 1.2rem; margin: .25rem .5rem .25rem 0; border-radius: 8px;
           border: 1px solid #1757d6; background: #1757d6; color: #fff; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #1757d6; }
  code { background: #f0f3f7; padding: .1rem .3rem; border-radius: 4px; }
`;

/** Answers one of the provider's own pages in the shell, policy and headers of idflow's hosted pages. */
function send(ctx: KoaContextWithOIDC, title: string, main: string, formActions?: string[]): void {
  const nonce = pageNonce();
  for (const [name, value] of Object.entries(hostedPageHeaders(nonce, { formActions }))) ctx.set(name, value);
  ctx.type = 'html';
  ctx.body = renderHtmlPage({ title, nonce, style: STYLE, main });
}

/** An authorization or logout request the provider refuses without a redirect: the reason, for whoever is there. */
export function renderProviderError(
  ctx: KoaContextWithOIDC,
  out: { error?: string; error_description?: string },
): void {
  const description = escapeHtml(out.error_description ?? 'The login could not go on.');
  send(
    ctx,
    'Login failed',
    `<h1>Login failed</h1><p id="reason">${description}</p><p><code>${escapeHtml(out.error ?? 'error')}</code></p>
    <p>Go back to the site that sent you and start again.</p>`,
  );
}

/**
 * RP-initiated logout asks the person first. Its form posts to the provider, which then redirects to the app's
 * post-logout URI: the policy lets the form go there too.
 */
export function renderLogoutPage(ctx: KoaContextWithOIDC, form: string): void {
  const origins = (ctx.oidc.client?.postLogoutRedirectUris ?? []).map((uri) => new URL(uri).origin);
  send(
    ctx,
    'Log out',
    `<h1>Log out${ctx.oidc.client?.clientName ? ` of ${escapeHtml(ctx.oidc.client.clientName)}` : ''}?</h1>
    ${form}
    <button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, log me out</button>
    <button type="submit" class="secondary" form="op.logoutForm">No, stay logged in</button>`,
    [...new Set(origins)],
  );
}

export function renderLoggedOutPage(ctx: KoaContextWithOIDC): void {
  send(ctx, 'Logged out', '<h1>You are logged out</h1><p>You may close this page.</p>');
}
