import type { PKCS11 } from 'pkcs11js';
import type { Pkcs11Binding } from './pkcs11-binding';

interface Loaded {
  library: PKCS11;
  users: number;
}

/**
 * A PKCS#11 library is initialized once per process (a second C_Initialize is refused), while the seal key and the
 * sandbox signing provider may use tokens of the same library: each use takes it here and gives it back, and the last
 * one finalizes it.
 */
export class Pkcs11Libraries {
  private static readonly loaded = new Map<string, Loaded>();

  static take(binding: Pkcs11Binding, modulePath: string): PKCS11 {
    let entry = this.loaded.get(modulePath);
    if (!entry) {
      const library = new binding.PKCS11();
      try {
        library.load(modulePath);
      } catch (error) {
        throw new Error(`the PKCS#11 module ${modulePath} does not load (${describe(error)})`, { cause: error });
      }
      // Signing and key generation run on libuv's threads too: the library must lock for itself.
      library.C_Initialize({ flags: binding.CKF_OS_LOCKING_OK });
      entry = { library, users: 0 };
      this.loaded.set(modulePath, entry);
    }
    entry.users += 1;
    return entry.library;
  }

  static give(modulePath: string): void {
    const entry = this.loaded.get(modulePath);
    if (!entry) return;
    entry.users -= 1;
    if (entry.users > 0) return;
    this.loaded.delete(modulePath);
    entry.library.C_Finalize();
    entry.library.close();
  }
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
