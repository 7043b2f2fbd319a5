import { Logger } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import { logRedisOutages } from './redis-outage-log';

describe('logRedisOutages', () => {
  it('logs the first failure of an outage and the return, not every failed reconnect', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const connection = new EventEmitter();
    logRedisOutages(connection as unknown as Redis, 'shared');

    connection.emit('ready');
    for (let attempt = 0; attempt < 5; attempt++) connection.emit('error', new Error('connect ECONNREFUSED'));
    connection.emit('ready');
    connection.emit('error', new Error('connect ECONNREFUSED'));

    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ connection: 'shared' }), expect.any(String));
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ awayMs: expect.any(Number) }), expect.any(String));
    warn.mockRestore();
    log.mockRestore();
  });
});
