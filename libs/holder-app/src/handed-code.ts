/**
 * The flow code handed to the app by the address it was opened at: `/app/?code=<code>` from a same-device link, or
 * `/app/?link=<web+idflow://flow?code=...>` from the protocol handler. Removed from the address once read, so a reload
 * does not pick it up twice.
 */
export function takeHandedCode(): string | null {
  const params = new URLSearchParams(location.search);
  const link = params.get('link');
  const code = params.get('code') ?? (link === null ? null : flowCodeOf(link));
  if (params.has('code') || params.has('link')) history.replaceState(null, '', location.pathname);
  return code;
}

/**
 * What the Wallet API's pick-up takes from a scanned or handed link: an animated QR frame whole
 * (`idflow://qr?token=...`), the code or seed of a scheme link (`idflow://flow?seed=...`, `web+idflow://flow?code=...`),
 * or the code of a same-device page (`https://.../open/<code>`). Null for anything else.
 */
export function flowCodeOf(text: string): string | null {
  if (text.startsWith('idflow://qr?')) return text;
  const schemeLink = /^(?:web\+)?idflow:\/\/flow\?(.*)$/.exec(text);
  if (schemeLink) {
    const params = new URLSearchParams(schemeLink[1]);
    return params.get('code') ?? params.get('seed');
  }
  const openPage = /^https?:\/\/[^?#]*\/open\/([0-9A-Za-z]{16,64})$/.exec(text);
  return openPage ? openPage[1] : null;
}

/** An enrollment code as the operator issues it (`xxxx-xxxx-xxxx`, letters and digits), scanned from its QR code. */
export function enrollmentCodeOf(text: string): string | null {
  const code = text.trim();
  return /^[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}$/.test(code) ? code : null;
}

/** The flow a push notification opened the app on (`/app/?flow=<id>`), removed from the address once read. */
export function takeNotifiedFlow(): string | null {
  const params = new URLSearchParams(location.search);
  const flow = params.get('flow');
  if (flow !== null) history.replaceState(null, '', location.pathname);
  return flow;
}
