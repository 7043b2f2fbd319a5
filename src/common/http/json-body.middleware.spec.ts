import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, Response } from 'express';
import { parseJsonBodies } from './json-body.middleware';

describe('parseJsonBodies', () => {
  let server: Server;
  let url: string;

  /** Answers what the middleware left: whether the body was read, what it parsed to, or the error it passed on. */
  beforeAll(async () => {
    const middleware = parseJsonBodies();
    server = createServer((req, res) => {
      const request = req as Request;
      middleware(request, res as Response, (error?: unknown) => {
        const issues = (error as { issues?: Array<{ code: string }> } | undefined)?.issues;
        res.end(JSON.stringify({ read: request.readableEnded, body: request.body, issues }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const send = async (init: RequestInit) => (await fetch(url, init)).json();
  const json = { 'content-type': 'application/json' };

  it('lets a request without a body through without reading it', async () => {
    expect(await send({ method: 'GET' })).toEqual({ read: false });
  });

  it('parses a JSON body, and an empty one with a zero length, as body-parser does', async () => {
    expect(await send({ method: 'POST', headers: json, body: '{"name":"Zoë"}' })).toEqual({
      read: true,
      body: { name: 'Zoë' },
    });
    expect(await send({ method: 'POST', headers: { ...json, 'content-length': '0' } })).toEqual({
      read: true,
      body: {},
    });
  });

  it('reads a chunked body, which has no length, and turns a malformed one into a validation error', async () => {
    const chunked = (text: string) => ({
      method: 'POST',
      headers: json,
      body: new Blob([text]).stream(),
      duplex: 'half',
    });
    expect(await send(chunked('{"ok":true}') as RequestInit)).toEqual({ read: true, body: { ok: true } });
    expect(await send(chunked('{"broken') as RequestInit)).toMatchObject({ issues: [{ code: 'invalid_json' }] });
  });
});
