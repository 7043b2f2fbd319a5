import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import type { JsonBody } from './json-body';

/** A loopback address of its own for each client (all of 127/8 reaches this machine), so no counter is shared. */
export const clientAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** One request from `localAddress`, answered with its status and JSON body (if any). */
export function callFrom(
  url: string,
  localAddress: string,
  options: { method?: string; headers?: Record<string, string>; body?: object } = {},
): Promise<{ status: number; body: JsonBody | undefined }> {
  return new Promise((resolve, reject) => {
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const headers = { ...options.headers, ...(payload ? { 'content-type': 'application/json' } : {}) };
    const outgoing = request(url, { method: options.method ?? 'GET', headers, localAddress }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const json = (response.headers['content-type'] ?? '').includes('json');
        resolve({ status: response.statusCode ?? 0, body: json ? (JSON.parse(text) as JsonBody) : undefined });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
