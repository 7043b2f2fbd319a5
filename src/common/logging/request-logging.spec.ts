import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import type { Request, Response } from 'express';
import { pino } from 'pino';
import { requestLogFields } from './request-context';
import { requestLogging } from './request-logging';

function capture(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level, mixin: requestLogFields }, sink), lines };
}

function exchange(url: string, headers: Record<string, string> = {}) {
  const sent: Record<string, unknown> = {};
  const response = Object.assign(new EventEmitter(), {
    statusCode: 200,
    writableFinished: false,
    headers: sent,
    setHeader(name: string, value: unknown) {
      this.headers[name] = value;
    },
  });
  const request = { method: 'POST', originalUrl: url, url, headers } as unknown as Request;
  return { request, response: response as unknown as Response & typeof response };
}

const flushed = () => new Promise((resolve) => setImmediate(resolve));

describe('requestLogging', () => {
  it('writes one line per answered request, without query string or secret path segments, at a level set by the status', async () => {
    const { logger, lines } = capture();
    const middleware = requestLogging(logger);
    const { request, response } = exchange('/open/SECRETCODE?token=query-secret', { 'x-request-id': 'req-1' });
    middleware(request, response, () => undefined);
    response.statusCode = 404;
    response.writableFinished = true;
    response.emit('finish');
    response.emit('close');
    await flushed();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      reqId: 'req-1',
      req: { id: 'req-1', method: 'POST', path: '/open/[redacted]' },
      res: { statusCode: 404 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(JSON.stringify(lines)).not.toMatch(/SECRETCODE|query-secret/);
    expect(response.headers['x-request-id']).toBe('req-1');
  });

  it('tags every line logged while the request is served with its id, and no line logged outside it', async () => {
    const { logger, lines } = capture();
    const { request, response } = exchange('/api/v2/flow/ping', { 'x-request-id': 'req-2' });
    requestLogging(logger)(request, response, () => {
      setTimeout(() => logger.error('inside, later'), 1);
    });
    logger.info('outside');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lines.find((line) => line.msg === 'inside, later')).toMatchObject({ reqId: 'req-2' });
    expect(lines.find((line) => line.msg === 'outside')).not.toHaveProperty('reqId');
  });

  it('says so when the client went away before the answer, and writes nothing below the configured level', async () => {
    const { logger, lines } = capture('warn');
    const middleware = requestLogging(logger);
    const aborted = exchange('/api/v2/flow/sse');
    middleware(aborted.request, aborted.response, () => undefined);
    aborted.response.emit('close');
    const answered = exchange('/api/health/check');
    middleware(answered.request, answered.response, () => undefined);
    answered.response.writableFinished = true;
    answered.response.emit('finish');
    await flushed();
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'request aborted' })]);
  });
});
