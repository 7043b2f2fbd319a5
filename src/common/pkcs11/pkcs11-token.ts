import { randomBytes } from 'node:crypto';
import type { Attribute, Handle, PKCS11 } from 'pkcs11js';
import { type Pkcs11Binding, pkcs11Binding } from './pkcs11-binding';
import { Pkcs11Libraries, describe } from './pkcs11-libraries';
import { type Pkcs11Uri, parsePkcs11Uri, pkcs11Pin } from './pkcs11-uri';
import { TokenPrivateKey } from './token-private-key';
import type { TokenSession } from './token-session';

const RSA_BITS = 2048;
const RSA_EXPONENT = Buffer.from([1, 0, 1]);
/** How many keys under one CKA_ID are looked through for the certified one: a race leaves two, more is no race. */
const SAME_ID_KEYS = 8;

/**
 * One logged-in session with a PKCS#11 token: finds its private keys, generates new ones inside it, and signs with
 * them there. Keys made here are sensitive and not extractable: the token never lets their value out.
 */
export class Pkcs11Token implements TokenSession {
  private constructor(
    readonly binding: Pkcs11Binding,
    readonly library: PKCS11,
    readonly session: Handle,
    private readonly slot: Handle,
    private readonly modulePath: string,
  ) {}

  /**
   * Opens the token a setting names (its URI, and its PIN setting or the URI's pin-source): every failure says which
   * setting and what is wrong, never the PIN.
   */
  static async configured(
    setting: string,
    uriText: string,
    pinSetting: string | undefined,
  ): Promise<{ token: Pkcs11Token; uri: Pkcs11Uri }> {
    try {
      const uri = parsePkcs11Uri(uriText);
      return { token: await Pkcs11Token.open(uri, pkcs11Pin(uri, pinSetting)), uri };
    } catch (error) {
      throw new Error(`${setting}: ${describe(error)}`, { cause: error });
    }
  }

  /** Opens a session with the token the URI names and logs in with the PIN. Errors name what failed, never the PIN. */
  static async open(uri: Pkcs11Uri, pin: string | undefined): Promise<Pkcs11Token> {
    const binding = await pkcs11Binding();
    const library = Pkcs11Libraries.take(binding, uri.modulePath);
    try {
      const slot = library.C_GetSlotList(true).find((candidate) => {
        const info = library.C_GetTokenInfo(candidate);
        return (
          (uri.token === undefined || info.label.trim() === uri.token) &&
          (uri.serial === undefined || info.serialNumber.trim() === uri.serial)
        );
      });
      if (!slot) throw new Error(`no token ${uri.token ?? uri.serial} in ${uri.modulePath}`);
      const session = library.C_OpenSession(slot, binding.CKF_SERIAL_SESSION | binding.CKF_RW_SESSION);
      const token = new Pkcs11Token(binding, library, session, slot, uri.modulePath);
      token.login(pin);
      return token;
    } catch (error) {
      Pkcs11Libraries.give(uri.modulePath);
      throw error;
    }
  }

  /** The one private key the URI's `object` and `id` name. */
  privateKey(uri: Pkcs11Uri): TokenPrivateKey {
    if (!uri.object && !uri.id) throw new Error('names no key (object= or id=)');
    const found = this.find([
      ...(uri.object === undefined ? [] : [{ type: this.binding.CKA_LABEL, value: uri.object }]),
      ...(uri.id === undefined ? [] : [{ type: this.binding.CKA_ID, value: uri.id }]),
    ]);
    if (found.length !== 1) throw new Error(`the token holds ${found.length} private keys the URI names, not one`);
    return TokenPrivateKey.of(this, found[0]);
  }

  /** The private key with this CKA_ID, if the token holds one. */
  privateKeyById(id: Buffer): TokenPrivateKey | undefined {
    const [handle] = this.find([{ type: this.binding.CKA_ID, value: id }]);
    return handle && TokenPrivateKey.of(this, handle);
  }

  /**
   * The private key with this CKA_ID whose public half is `spki` (DER), if the token holds one: two instances that made
   * a key under one id at the same moment left two, of which only one was certified.
   */
  certifiedKeyById(id: Buffer, spki: Buffer): TokenPrivateKey | undefined {
    return this.find([{ type: this.binding.CKA_ID, value: id }], SAME_ID_KEYS)
      .map((handle) => TokenPrivateKey.of(this, handle))
      .find((key) => key.spki().equals(spki));
  }

  /**
   * A new RSA key pair made by the token, off the serving thread, stored in it under this id and label; the private key
   * is sensitive and never extractable. It is made in a session of its own, since signing goes on in this one meanwhile.
   */
  async generateRsaKey(id: Buffer, label: string): Promise<TokenPrivateKey> {
    const p11 = this.binding;
    const generating = this.library.C_OpenSession(this.slot, p11.CKF_SERIAL_SESSION | p11.CKF_RW_SESSION);
    try {
      const { privateKey } = await this.library.C_GenerateKeyPairAsync(
        generating,
        { mechanism: p11.CKM_RSA_PKCS_KEY_PAIR_GEN },
        [
          ...this.named(id, label),
          { type: p11.CKA_VERIFY, value: true },
          { type: p11.CKA_MODULUS_BITS, value: RSA_BITS },
          { type: p11.CKA_PUBLIC_EXPONENT, value: RSA_EXPONENT },
        ],
        [
          ...this.named(id, label),
          { type: p11.CKA_PRIVATE, value: true },
          { type: p11.CKA_SIGN, value: true },
          { type: p11.CKA_SENSITIVE, value: true },
          { type: p11.CKA_EXTRACTABLE, value: false },
        ],
      );
      return TokenPrivateKey.of(this, privateKey);
    } finally {
      this.library.C_CloseSession(generating);
    }
  }

  private named(id: Buffer, label: string): Attribute[] {
    const p11 = this.binding;
    return [
      { type: p11.CKA_TOKEN, value: true },
      { type: p11.CKA_ID, value: id },
      { type: p11.CKA_LABEL, value: label },
    ];
  }

  /** A fresh CKA_ID for a key about to be generated. */
  static newKeyId(): Buffer {
    return randomBytes(16);
  }

  /** Ends the session; the library is finalized when nothing else in the process uses it. */
  close(): void {
    try {
      this.library.C_CloseSession(this.session);
    } finally {
      Pkcs11Libraries.give(this.modulePath);
    }
  }

  private login(pin: string | undefined): void {
    if (pin === undefined) throw new Error('no PIN is given for the token');
    try {
      this.library.C_Login(this.session, this.binding.CKU_USER, pin);
    } catch (error) {
      // The login belongs to the application, not the session: another session of this process may have made it.
      if ((error as { code?: number }).code === this.binding.CKR_USER_ALREADY_LOGGED_IN) return;
      throw new Error(`the token refuses the login (${describe(error)})`, { cause: error });
    }
  }

  /** The first `most` private keys matching the template: two tell a caller expecting one that it is not alone. */
  private find(template: Attribute[], most = 2): Handle[] {
    this.library.C_FindObjectsInit(this.session, [
      { type: this.binding.CKA_CLASS, value: this.binding.CKO_PRIVATE_KEY },
      ...template,
    ]);
    try {
      return this.library.C_FindObjects(this.session, most);
    } finally {
      this.library.C_FindObjectsFinal(this.session);
    }
  }
}
