import type { Handle, PKCS11 } from 'pkcs11js';
import type { Pkcs11Binding } from './pkcs11-binding';

/** What a key in a token needs of the token: the binding's constants, the library and a logged-in session. */
export interface TokenSession {
  readonly binding: Pkcs11Binding;
  readonly library: PKCS11;
  readonly session: Handle;
}
