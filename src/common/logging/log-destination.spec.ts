import { wantsPrettyLogs } from './log-destination';

describe('wantsPrettyLogs', () => {
  it('follows LOG_FORMAT when it names a format', () => {
    expect(wantsPrettyLogs({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe(true);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'json', NODE_ENV: 'development' }, true)).toBe(false);
  });

  it('is pretty on auto only for a terminal outside production', () => {
    expect(wantsPrettyLogs({ LOG_FORMAT: 'auto', NODE_ENV: 'development' }, true)).toBe(true);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'auto', NODE_ENV: 'development' }, false)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'auto', NODE_ENV: 'production' }, true)).toBe(false);
  });
});
