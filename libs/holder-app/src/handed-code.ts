/**
 * The flow code handed to the app by the address it was opened at: `/app/?code=<code>` from a same-device link, or
 * `/app/?link=<web+idflow://flow?code=...>` from the protocol handler. Removed from the address once read, so a reload
 * does not pick it up twice.
 */
export function takeHandedCode(): string | null {
  const params = new URLSearchParams(location.search);
  let code = params.get('code');
  const link = params.get('link');
  if (!code && link) {
    const query = link.slice(link.indexOf('?') + 1);
    const inner = new URLSearchParams(query);
    code = inner.get('code') ?? inner.get('seed');
  }
  if (params.has('code') || params.has('link')) history.replaceState(null, '', location.pathname);
  return code;
}

/** The flow a push notification opened the app on (`/app/?flow=<id>`), removed from the address once read. */
export function takeNotifiedFlow(): string | null {
  const params = new URLSearchParams(location.search);
  const flow = params.get('flow');
  if (flow !== null) history.replaceState(null, '', location.pathname);
  return flow;
}
