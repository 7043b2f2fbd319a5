import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePkcs11Uri, pkcs11Pin } from './pkcs11-uri';

const MODULE = '?module-path=/usr/lib/softhsm/libsofthsm2.so';

describe('parsePkcs11Uri', () => {
  it('reads the token, the key by label and id bytes, and the module path', () => {
    expect(parsePkcs11Uri(`pkcs11:token=idflow%20seal;object=seal;id=%01%a2;type=private${MODULE}`)).toEqual({
      token: 'idflow seal',
      serial: undefined,
      object: 'seal',
      id: Buffer.from([0x01, 0xa2]),
      modulePath: '/usr/lib/softhsm/libsofthsm2.so',
      pinSource: undefined,
    });
  });

  it.each([
    ['file:/etc/idflow/seal.pem', /not a pkcs11: URI/],
    [`pkcs11:token=idflow;object=seal?module-path=/lib.so&pin-value=1234`, /pin-value/],
    ['pkcs11:token=idflow;object=seal', /module-path/],
    [`pkcs11:object=seal${MODULE}`, /names no token/],
    [`pkcs11:token=idflow;colour=blue${MODULE}`, /colour/],
    [`pkcs11:token=idflow;id=%0g${MODULE}`, /percent escape in id/],
    [`pkcs11:token=idflow;type=public${MODULE}`, /type=public/],
  ])('refuses %s with the reason', (uri, reason) => {
    expect(() => parsePkcs11Uri(uri)).toThrow(reason);
  });
});

describe('pkcs11Pin', () => {
  it("takes the PIN setting first, else the pin-source file's first line", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pin-'));
    try {
      writeFileSync(join(dir, 'pin'), '2468\nignored\n');
      const uri = parsePkcs11Uri(`pkcs11:token=idflow${MODULE}&pin-source=file:${join(dir, 'pin')}`);
      expect(pkcs11Pin(uri, '1357')).toBe('1357');
      expect(pkcs11Pin(uri, undefined)).toBe('2468');
      expect(pkcs11Pin(parsePkcs11Uri(`pkcs11:token=idflow${MODULE}`), undefined)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
