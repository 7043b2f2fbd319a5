import type { Envelope } from './admin-types';

/** A refusal of the admin API, with the reason it gave in words. */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The reason of a failed envelope: its validation issues when it has some, else its reason. */
async function refusal(response: Response): Promise<AdminError> {
  const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  const issues = envelope?.errors?.map((issue) => issue.message).join('; ');
  return new AdminError(response.status, issues || envelope?.reason || `${response.status} ${response.statusText}`);
}

/** Every call the console makes: the admin API under the operator's session, and nothing else. */
export class AdminClient {
  constructor(
    private readonly token: string,
    private readonly ended: () => void,
  ) {}

  get<T>(path: string): Promise<T> {
    return this.send<T>('GET', path);
  }

  post<T>(path: string, body?: object): Promise<T> {
    return this.send<T>('POST', path, body);
  }

  patch<T>(path: string, body: object): Promise<T> {
    return this.send<T>('PATCH', path, body);
  }

  delete<T>(path: string): Promise<T> {
    return this.send<T>('DELETE', path);
  }

  /** A raw answer (an export), refused in words as the others are. */
  async text(path: string): Promise<string> {
    const response = await this.fetch('GET', path);
    if (!response.ok) throw await refusal(response);
    return response.text();
  }

  private async send<T>(method: string, path: string, body?: object): Promise<T> {
    const response = await this.fetch(method, path, body);
    if (!response.ok) throw await refusal(response);
    return ((await response.json()) as Envelope<T>).data as T;
  }

  private async fetch(method: string, path: string, body?: object): Promise<Response> {
    const response = await fetch(`/admin${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      cache: 'no-store',
    });
    // The session ended (signed out elsewhere, expired, the operator removed): back to the sign-in screen.
    if (response.status === 401) this.ended();
    return response;
  }
}
