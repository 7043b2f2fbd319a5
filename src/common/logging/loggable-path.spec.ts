import { loggablePath } from './loggable-path';

describe('loggablePath', () => {
  it('drops the query string', () => {
    expect(loggablePath('/api/v2/flow/sse?request=req_1')).toBe('/api/v2/flow/sse');
  });

  it.each([
    ['a same-device link code', '/open/Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN', '/open/[redacted]'],
    ['a link code with a query', '/open/abc?x=1', '/open/[redacted]'],
    ['the key of a stored file', '/files/3f9a0c1e2b7d4a6f8e5c9b0a1d2e3f4a.pdf', '/files/[redacted]'],
    ['a review link', '/review/doc_0a1b2c3d4e5f6a7b8c9d0e1f', '/review/[redacted]'],
    ['a review link action', '/review/doc_0a1b/signees/0/decline', '/review/[redacted]/signees/0/decline'],
    ['a NIN in an admin path', '/admin/persons/sandbox/10000000001', '/admin/persons/sandbox/[redacted]'],
    [
      'a NIN before a sub-path',
      '/admin/persons/production/12345678901/enrollment-codes',
      '/admin/persons/production/[redacted]/enrollment-codes',
    ],
  ])('hides %s', (_label, url, logged) => {
    expect(loggablePath(url)).toBe(logged);
  });

  it('keeps ordinary paths', () => {
    expect(loggablePath('/wallet/v1/flows/req_1/approve')).toBe('/wallet/v1/flows/req_1/approve');
    expect(loggablePath('/admin/persons')).toBe('/admin/persons');
  });
});
