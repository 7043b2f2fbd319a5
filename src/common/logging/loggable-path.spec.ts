import { loggablePath } from './loggable-path';

describe('loggablePath', () => {
  it('drops the query string', () => {
    expect(loggablePath('/api/v2/flow/sse?request=req_1')).toBe('/api/v2/flow/sse');
  });

  it('hides same-device link codes', () => {
    expect(loggablePath('/open/Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN')).toBe('/open/[redacted]');
    expect(loggablePath('/open/abc?x=1')).toBe('/open/[redacted]');
  });

  it('keeps ordinary paths', () => {
    expect(loggablePath('/wallet/v1/flows/req_1/approve')).toBe('/wallet/v1/flows/req_1/approve');
  });
});
