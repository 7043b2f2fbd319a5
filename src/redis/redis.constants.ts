/** Injection token of the shared ioredis client; its value is null when `REDIS_URL` is not set. */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
