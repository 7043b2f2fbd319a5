import { maskId } from './mask-id';

describe('maskId', () => {
  it('keeps the prefix, the first four and the last four characters', () => {
    expect(maskId('bcn_AbCdEfGhIjKlMnOpQrStWxYz')).toBe('bcn_AbCd****WxYz');
    expect(maskId('app_0123456789abcdefghijklmn')).toBe('app_0123****klmn');
  });

  it('hides short bodies entirely', () => {
    expect(maskId('bcn_short')).toBe('bcn_****');
  });
});
