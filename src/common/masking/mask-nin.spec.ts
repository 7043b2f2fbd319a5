import { maskNin } from './mask-nin';

describe('maskNin', () => {
  it('keeps only the last four digits', () => {
    expect(maskNin('12345678901')).toBe('*******8901');
  });

  it('hides a NIN of four digits or fewer entirely', () => {
    expect(maskNin('1234')).toBe('****');
  });
});
