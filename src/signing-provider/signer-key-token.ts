import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Pkcs11Token } from '../common/pkcs11/pkcs11-token';
import { AppConfig } from '../config/app-config';

/**
 * The PKCS#11 token the sandbox signing provider keeps its signers' keys in, when SANDBOX_SIGNING_PKCS11_URI names
 * one: opened the first time a key is made or used, closed with the application.
 */
@Injectable()
export class SignerKeyToken implements OnModuleDestroy {
  private opening?: Promise<Pkcs11Token>;

  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.SANDBOX_SIGNING_PKCS11_URI);
  }

  /** The token, opened once; a failed opening is tried again by the next caller. */
  token(): Promise<Pkcs11Token> {
    this.opening ??= Pkcs11Token.configured(
      'SANDBOX_SIGNING_PKCS11_URI',
      this.config.SANDBOX_SIGNING_PKCS11_URI as string,
      this.config.SANDBOX_SIGNING_PKCS11_PIN,
    )
      .then(({ token }) => token)
      .catch((error: unknown) => {
        this.opening = undefined;
        throw error;
      });
    return this.opening;
  }

  async onModuleDestroy(): Promise<void> {
    const token = await this.opening?.catch(() => undefined);
    token?.close();
  }
}
