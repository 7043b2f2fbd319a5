import { arrayOf, integer, object, string } from '../common/openapi/json-schema';

/** The JSON schema and an example of each CSC API v2 answer the sandbox provider gives, for the OpenAPI document. */
interface CscAnswer {
  schema: ReturnType<typeof object>;
  example: Record<string, unknown>;
}

const strings = arrayOf(string());

export const CSC_ANSWERS = {
  info: {
    schema: object({
      specs: string(),
      name: string(),
      logo: string(),
      region: string(),
      lang: string(),
      description: string(),
      authType: strings,
      oauth2: string(),
      methods: strings,
    }),
    example: {
      specs: '2.0.0.2',
      name: 'idflow sandbox signing provider',
      logo: 'http://localhost:3000/app/icon.svg',
      region: 'NG',
      lang: 'en',
      description: 'Sandbox remote signing for test persons; keys and certificates are not for real use',
      authType: ['oauth2client'],
      oauth2: 'http://localhost:3000/csc/v2',
      methods: ['credentials/list', 'credentials/info', 'credentials/authorize', 'signatures/signHash'],
    },
  },
  token: {
    schema: object({
      access_token: string(),
      token_type: string(),
      expires_in: integer(),
    }),
    example: { access_token: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln', token_type: 'Bearer', expires_in: 3600 },
  },
  list: {
    schema: object({ credentialIDs: strings }),
    example: { credentialIDs: ['cred_0f1e2d3c4b5a69788796a5b4c3d2e1f0'] },
  },
  credentialInfo: {
    schema: object({
      key: object({ status: string(), algo: strings, len: integer() }),
      cert: object({
        status: string(),
        certificates: arrayOf(string(), "Base64 DER, the signer's certificate first, then its CA"),
        serialNumber: string(),
        validFrom: string(),
        validTo: string(),
      }),
      authMode: string(),
      SCAL: string(),
      multisign: integer(),
    }),
    example: {
      key: { status: 'enabled', algo: ['1.2.840.113549.1.1.11'], len: 2048 },
      cert: {
        status: 'valid',
        certificates: ['MIIDdzCCAl+gAwIBAgIQ...', 'MIIDHjCCAgagAwIBAgIQ...'],
        serialNumber: '5c1b0e7a9f3d4e2b8a6c0d1e2f3a4b5c',
        validFrom: '2026-11-28T04:00:00.000Z',
        validTo: '2029-11-27T05:00:00.000Z',
      },
      authMode: 'explicit',
      SCAL: '2',
      multisign: 1,
    },
  },
  authorize: {
    schema: object({ SAD: string(), expiresIn: integer() }),
    example: { SAD: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln', expiresIn: 300 },
  },
  signHash: {
    schema: object({ signatures: arrayOf(string(), 'Base64 PKCS#1 v1.5 signatures, one per hash') }),
    example: { signatures: ['KedJuTob5gtvYx9qM3k...'] },
  },
} satisfies Record<string, CscAnswer>;
