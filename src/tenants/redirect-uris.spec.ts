import { MAX_REDIRECT_URIS, redirectUriIssues } from './redirect-uris';

describe('redirectUriIssues', () => {
  it('accepts https anywhere and plain http on localhost and 127.0.0.1 only', () => {
    expect(
      redirectUriIssues(['https://shop.example/cb?x=1', 'http://localhost:3000/cb', 'http://127.0.0.1/cb']),
    ).toEqual([]);
  });

  it.each([
    ['http://shop.example/cb', 'must use https'],
    ['http://localhost.shop.example/cb', 'must use https'],
    ['https://shop.example/cb#', 'must not have a fragment'],
    ['https://user:pw@shop.example/cb', 'must not carry a user name or password'],
    ['shop.example/cb', 'is not an absolute URL'],
    [`https://shop.example/${'a'.repeat(2048)}`, 'is longer than 2048 characters'],
  ])('refuses %s', (uri, problem) => {
    expect(redirectUriIssues(['https://shop.example/ok', uri])).toEqual([
      { code: 'invalid_string', path: ['redirectUris', 1], message: expect.stringContaining(problem) },
    ]);
  });

  it(`refuses more than ${MAX_REDIRECT_URIS} as one issue on the list`, () => {
    const uris = Array.from({ length: MAX_REDIRECT_URIS + 1 }, (_, i) => `https://shop.example/${i}`);
    expect(redirectUriIssues(uris)).toEqual([{ code: 'too_big', path: ['redirectUris'], message: expect.any(String) }]);
    expect(redirectUriIssues(uris.slice(1))).toEqual([]);
  });
});
