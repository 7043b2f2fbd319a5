import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Pkcs11Token } from '../common/pkcs11/pkcs11-token';
import type { TokenPrivateKey } from '../common/pkcs11/token-private-key';

/**
 * The seal's private key in a PKCS#11 token, when SEAL_KEY_PKCS11_URI names one: the token is opened once, the key is
 * found there and signs there, and the session ends with the application.
 */
@Injectable()
export class SealTokenKey implements OnModuleDestroy {
  private opening?: Promise<{ token: Pkcs11Token; key: TokenPrivateKey }>;

  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.SEAL_KEY_PKCS11_URI);
  }

  /** The key, found once; a failed opening is tried again by the next caller. */
  async key(): Promise<TokenPrivateKey> {
    this.opening ??= this.open().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return (await this.opening).key;
  }

  async onModuleDestroy(): Promise<void> {
    const opened = await this.opening?.catch(() => undefined);
    opened?.token.close();
  }

  private async open(): Promise<{ token: Pkcs11Token; key: TokenPrivateKey }> {
    const { token, uri } = await Pkcs11Token.configured(
      'SEAL_KEY_PKCS11_URI',
      this.config.SEAL_KEY_PKCS11_URI as string,
      this.config.SEAL_KEY_PKCS11_PIN,
    );
    try {
      return { token, key: token.privateKey(uri) };
    } catch (error) {
      token.close();
      throw new Error(`SEAL_KEY_PKCS11_URI: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
}
