import type * as Pkcs11Js from 'pkcs11js';

export type Pkcs11Binding = typeof Pkcs11Js;

/**
 * pkcs11js, loaded the first time a token is configured. It is an optional native addon: a machine where it did not
 * build still installs and runs idflow, and learns here, when it asks for a token, what is missing.
 */
export async function pkcs11Binding(): Promise<Pkcs11Binding> {
  try {
    return await import('pkcs11js');
  } catch (error) {
    throw new Error(
      `the PKCS#11 binding (pkcs11js) is not installed or did not build; run \`npm rebuild pkcs11js\` (${
        error instanceof Error ? error.message : String(error)
      })`,
      { cause: error },
    );
  }
}
