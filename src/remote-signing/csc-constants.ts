/** Where the sandbox provider's CSC API v2 is served, under BASE_URL: its base URI. */
export const cscBasePath = 'csc/v2';

/**
 * The sandbox provider's one OAuth2 client. Public, as the sandbox's test persons are: what authorizes a signature is
 * idflow's signature authorization of the person's approval, which no one else can make.
 */
export const SANDBOX_CLIENT = { id: 'sandbox', secret: 'sandbox' } as const;

/** The object identifiers the CSC API names algorithms by. */
export const CSC_OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;
