import { loggablePath } from './loggable-path';

const routed = (path: string, params: Record<string, string>, originalUrl = '/whatever-the-client-sent') => ({
  originalUrl,
  route: { path },
  params,
});

describe('loggablePath', () => {
  it.each([
    [
      'a same-device link code',
      routed('/open/:code', { code: 'Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN' }),
      '/open/[redacted]',
    ],
    ['the key of a stored file', routed('/files/:key', { key: '3f9a0c1e2b7d4a6f.pdf' }), '/files/[redacted]'],
    ['a review link', routed('/review/:docId', { docId: 'doc_0a1b2c3d' }), '/review/[redacted]'],
    [
      'a review link action',
      routed('/review/:docId/signees/:index/decline', { docId: 'doc_0a1b', index: '0' }),
      '/review/[redacted]/signees/0/decline',
    ],
    [
      'a NIN in an admin path',
      routed('/admin/persons/:environment/:nin', { environment: 'sandbox', nin: '10000000001' }),
      '/admin/persons/sandbox/[redacted]',
    ],
    [
      'a document id in a Wallet API path',
      routed('/wallet/v1/flows/:flowId/approve', { flowId: 'doc_0a1b2c3d4e5f' }),
      '/wallet/v1/flows/[redacted]/approve',
    ],
  ])('hides %s, however the client spelt the path', (_label, request, logged) => {
    expect(loggablePath(request)).toBe(logged);
  });

  it('shows the route with its ordinary parameters, never the spelling or query string the client sent', () => {
    const request = routed(
      '/wallet/v1/flows/:flowId/approve',
      { flowId: 'req_1' },
      '/WALLET/v1/flows/req_1/approve?x=1',
    );
    expect(loggablePath(request)).toBe('/wallet/v1/flows/req_1/approve');
    expect(loggablePath(routed('/api/v2/flow/sse', {}, '/api/v2/flow/sse?request=req_1'))).toBe('/api/v2/flow/sse');
  });

  it('shows only the first segment of a path no route took, whose secret segments it cannot tell', () => {
    expect(loggablePath({ originalUrl: '/OPEN/Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN?x=1' })).toBe('/OPEN/[redacted]');
    expect(loggablePath({ url: '/admin/persons/sandbox/10000000001' })).toBe('/admin/[redacted]');
    expect(loggablePath({ originalUrl: '/metrics?x=1' })).toBe('/metrics');
    expect(loggablePath({ originalUrl: '/' })).toBe('/');
  });
});
