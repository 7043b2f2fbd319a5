import { randomClientIp } from './test-app';

/**
 * A browser without a screen for redirect dances (OpenID logins): it keeps the cookies it is given, sends them back,
 * and follows redirects one at a time, so a test sees each stop. Paths and expiry of cookies are ignored: a test app is
 * one origin and a test lasts seconds.
 */
export class CookieBrowser {
  private readonly cookies = new Map<string, string>();
  /** Each browser is a client of its own to the rate limit, as supertest agents of the test app are. */
  private readonly clientIp = randomClientIp();

  /** What the browser sends with every request: its cookies, and its client IP. */
  headers(): Record<string, string> {
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-real-ip': this.clientIp };
  }

  /** The value of a cookie the browser holds, as a server set it. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** One request, no redirect followed. */
  async request(url: string, init: { json?: object; form?: Record<string, string> } = {}): Promise<Response> {
    const headers = this.headers();
    if (init.json) headers['content-type'] = 'application/json';
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const body = init.json
      ? JSON.stringify(init.json)
      : init.form
        ? new URLSearchParams(init.form).toString()
        : undefined;
    const response = await fetch(url, { method: body ? 'POST' : 'GET', headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects from `url` until an answer is no redirect, or until a redirect leaves for `stopAt`. */
  async follow(url: string, stopAt?: string): Promise<{ url: string; response?: Response }> {
    let current = url;
    for (let hop = 0; hop < 10; hop++) {
      if (stopAt && current.startsWith(stopAt)) return { url: current };
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current).href;
    }
    throw new Error(`more than 10 redirects from ${url}`);
  }
}
