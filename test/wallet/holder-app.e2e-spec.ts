import { CLAIM_KEYS } from '../../src/claims/claim-catalog';
import { STRINGS } from '../../libs/holder-app/src/strings';
import { TestApp, createTestApp } from '../support/test-app';

/** How the service serves the holder app's files (the browser suite drives the app itself). */
describe('the holder app’s files', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the shell with a policy that runs only this origin’s files, and never caches it', async () => {
    const response = await t.http().get('/app/').expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; " +
        "manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(response.text).not.toMatch(/<script>|<style>|\son[a-z]+=/);
  });

  it('lets browsers keep the scripts it names by content for a year', async () => {
    const shell = await t.http().get('/app/').expect(200);
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(shell.text)?.[1];
    expect(script).toBeDefined();
    const response = await t.http().get(script!).expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('sends /app to /app/, the service worker’s scope', async () => {
    const response = await t.http().get('/app').expect(301);
    expect(response.headers.location).toBe('/app/');
  });

  it('answers 404 for a file the app does not have, whatever the path', async () => {
    for (const path of ['/app/nothing.js', '/app/assets/nothing.js', '/app/%2e%2e%2fpackage.json']) {
      const response = await t.http().get(path).expect(404);
      expect(response.body).toMatchObject({ status: 'failed', reason: 'The holder app has no such file' });
    }
  });

  it('has a readable label for every claim key of the catalog', () => {
    expect(CLAIM_KEYS.filter((key) => !STRINGS.claims[key])).toEqual([]);
    expect(Object.keys(STRINGS.claims).sort()).toEqual([...CLAIM_KEYS].sort());
  });
});
