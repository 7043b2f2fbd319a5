import { ConfigError } from './errors/config.error';
import { loadConfig } from './load-config';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      DATABASE_PATH: './data/idflow.sqlite',
      MIGRATIONS_RUN: true,
      BASE_URL: 'http://localhost:3000',
      OPEN_URL: 'http://localhost:3000',
      SIGN_URL: 'http://localhost:3000',
      CDN_URL: 'http://localhost:3000',
      TRUSTED_PROXIES: ['loopback', 'linklocal', 'uniquelocal'],
      CLIENT_IP_HEADERS: ['cf-connecting-ip', 'x-real-ip', 'x-forwarded-for'],
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: 100,
      ACCESS_TOKEN_TTL_SECONDS: 3600,
      ALLOW_PRIVATE_URLS: false,
      ALLOW_INSECURE_URLS: false,
      WEBHOOK_RETRY_SCHEDULE: [5, 300, 1800, 7200, 18000, 36000],
      FREE_MONTHLY_ALLOWANCE: 100,
      PRICE_AUTHENTICATION: 50,
      PRICE_SIGNATURE: 100,
      DOCUMENT_TTL_SECONDS: 604800,
      MAX_FILE_BYTES: 26214400,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.ADMIN_TOKEN).toBeUndefined();
  });

  it('derives the host URLs and the database file from PORT and DATA_DIR', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/var/lib/idflow' });
    expect(config.BASE_URL).toBe('http://localhost:8080');
    expect(config.DATABASE_PATH).toBe('/var/lib/idflow/idflow.sqlite');
  });

  it('points every public address at BASE_URL unless it is set itself', () => {
    const config = loadConfig({ BASE_URL: 'https://id.example', CDN_URL: 'https://cdn.example' });
    expect(config).toMatchObject({
      BASE_URL: 'https://id.example',
      OPEN_URL: 'https://id.example',
      SIGN_URL: 'https://id.example',
      CDN_URL: 'https://cdn.example',
    });
  });

  it('reports a bad BASE_URL once, under its own name, not again through the addresses that follow it', () => {
    try {
      loadConfig({ BASE_URL: 'https://id.example/' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^BASE_URL must be/)]);
    }
  });

  it('parses booleans and integers', () => {
    const config = loadConfig({ ALLOW_PRIVATE_URLS: 'true', MIGRATIONS_RUN: '0', PORT: '4000' });
    expect(config.ALLOW_PRIVATE_URLS).toBe(true);
    expect(config.MIGRATIONS_RUN).toBe(false);
    expect(config.PORT).toBe(4000);
  });

  it('reads trusted proxies as *, none, or addresses, ranges and names', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '*' }).TRUSTED_PROXIES).toEqual(['*']);
    expect(loadConfig({ TRUSTED_PROXIES: 'none' }).TRUSTED_PROXIES).toEqual(['none']);
    expect(loadConfig({ TRUSTED_PROXIES: ' 10.1.0.0/16, 203.0.113.7 ,loopback' }).TRUSTED_PROXIES).toEqual([
      '10.1.0.0/16',
      '203.0.113.7',
      'loopback',
    ]);
  });

  it('reads the client-IP headers as one or more of the three the spec names, each once', () => {
    expect(loadConfig({ CLIENT_IP_HEADERS: ' X-Forwarded-For ' }).CLIENT_IP_HEADERS).toEqual(['x-forwarded-for']);
    expect(loadConfig({ CLIENT_IP_HEADERS: 'x-real-ip,cf-connecting-ip,x-real-ip' }).CLIENT_IP_HEADERS).toEqual([
      'x-real-ip',
      'cf-connecting-ip',
    ]);
  });

  it('reads the webhook retry schedule as seconds, fractions allowed', () => {
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: ' 1, 1 ' }).WEBHOOK_RETRY_SCHEDULE).toEqual([1, 1]);
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '0.25,2' }).WEBHOOK_RETRY_SCHEDULE).toEqual([0.25, 2]);
  });

  it('reads the allowance and prices as whole minor units, zero allowed', () => {
    const config = loadConfig({ FREE_MONTHLY_ALLOWANCE: '0', PRICE_AUTHENTICATION: '0', PRICE_SIGNATURE: '250' });
    expect(config).toMatchObject({ FREE_MONTHLY_ALLOWANCE: 0, PRICE_AUTHENTICATION: 0, PRICE_SIGNATURE: 250 });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://localhost'],
    ['BASE_URL', 'localhost:3000'],
    ['CDN_URL', 'https://cdn.example/'],
    ['TRUSTED_PROXIES', 'my-proxy'],
    ['TRUSTED_PROXIES', '*, 10.0.0.1'],
    ['CLIENT_IP_HEADERS', 'forwarded'],
    ['CLIENT_IP_HEADERS', ','],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_TOKEN', 'short'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['ALLOW_PRIVATE_URLS', 'sometimes'],
    ['ALLOW_INSECURE_URLS', 'perhaps'],
    ['WEBHOOK_RETRY_SCHEDULE', '5,soon'],
    ['WEBHOOK_RETRY_SCHEDULE', '5,,10'],
    ['WEBHOOK_RETRY_SCHEDULE', '-1'],
    ['WEBHOOK_RETRY_SCHEDULE', '999999'],
    ['WEBHOOK_RETRY_SCHEDULE', Array(21).fill('1').join(',')],
    ['FREE_MONTHLY_ALLOWANCE', '-1'],
    ['FREE_MONTHLY_ALLOWANCE', 'lots'],
    ['PRICE_AUTHENTICATION', '0.5'],
    ['PRICE_AUTHENTICATION', '-5'],
    ['PRICE_SIGNATURE', '2000000000'],
    ['DOCUMENT_TTL_SECONDS', '10'],
    ['MAX_FILE_BYTES', '25MiB'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it.each([
    ['PORT', '70000', 'PORT must be an integer between 0 and 65535 (got "70000")'],
    ['FLOW_TTL_SECONDS', '10', 'FLOW_TTL_SECONDS must be an integer between 30 and 86400 (got "10")'],
    ['DOCUMENT_TTL_SECONDS', '59', 'DOCUMENT_TTL_SECONDS must be an integer between 60 and 7776000 (90 days)'],
    ['RATE_LIMIT_PER_MINUTE', '0', 'RATE_LIMIT_PER_MINUTE must be a positive integer'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    ['TRUSTED_PROXIES', '10.0.0.0/99', 'TRUSTED_PROXIES must be *, none, or a comma-separated list of IP addresses'],
  ])('says the bounds of %s=%s in its message', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('never repeats a secret value in its message', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db' })).toThrow(
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ ADMIN_TOKEN: 'hunter2' })).toThrow(/ADMIN_TOKEN/);
    expect(() => loadConfig({ ADMIN_TOKEN: 'hunter2' })).not.toThrow(/hunter2/);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
