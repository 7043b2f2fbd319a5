import { sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLoTE, type LoTEDocument, service, signLoTE, trustedEntity } from '@owf/eudi-lote';
import { TestPidIssuer, TestWallet } from '../support/eudi-test-wallet';
import { IntegratorClient } from '../support/integrator-client';
import { decryptClaims } from '../support/released-claims';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { selfSignedCertificate } from '../support/self-signed-certificate';
import { createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';

/** The EU PID providers list profile of ETSI TS 119 602 (annex), as the LoTE library's profile check knows it. */
const PID_PROVIDERS = {
  LoTEType: 'http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList',
  StatusDeterminationApproach: 'http://uri.etsi.org/19602/PIDProvidersList/StatusDetn/EU',
  SchemeTypeCommunityRules: [{ lang: 'en', uriValue: 'http://uri.etsi.org/19602/PIDProviders/schemerules/EU' }],
  SchemeTerritory: 'EU',
};
const PID_ISSUANCE = 'http://uri.etsi.org/19602/SvcType/PID/Issuance';
const DAY = 86_400_000;

/** A list naming these PID providers' CAs, written with the OpenWallet Foundation's LoTE library. */
function pidProvidersList(
  providers: TestPidIssuer[],
  more: Partial<LoTEDocument['LoTE']['ListAndSchemeInformation']> = {},
) {
  const entities = providers.map((provider, index) =>
    trustedEntity()
      .name(`Test PID provider ${index}`)
      .postalAddress({ StreetAddress: 'Heidestraße 17', Locality: 'Köln', PostalCode: '51147', Country: 'DE' })
      .email('pid@provider.example')
      .infoUri(`http://uri.etsi.org/19602/ListOfTrustedEntities/PIDProvider/DE`)
      .addService(
        service()
          .name('PID issuance')
          .type(PID_ISSUANCE)
          .addCertificate(provider.caPem.replace(/-----[A-Z ]+-----|\s/g, ''))
          .build(),
      )
      .build(),
  );
  return createLoTE(
    { SchemeOperatorName: [{ lang: 'en', value: 'Test scheme operator' }], ...PID_PROVIDERS, ...more },
    entities,
  );
}

/** The list as a `trustlist+jwt`, signed (ES256) with this key. */
async function signed(list: LoTEDocument, keyPem: string): Promise<string> {
  const { jws } = await signLoTE({
    lote: list,
    keyId: 'operator',
    signer: async (input) =>
      sign('sha256', Buffer.from(input), { key: keyPem, dsaEncoding: 'ieee-p1363' }).toString('base64url'),
  });
  return jws;
}

describe('an EU PID providers list (ETSI TS 119 602) as the trust list', () => {
  let dir: string;
  let listed: TestPidIssuer;
  let operator: { key: string; cert: string };
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const envFor = (listFile: string, signerFile = join(dir, 'operator.pem')) => ({
    EUDI_TRUST_LIST_PATH: listFile,
    EUDI_TRUST_LIST_SIGNER_PATH: signerFile,
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'idflow-lote-'));
    listed = await TestPidIssuer.create('Listed PID provider');
    operator = selfSignedCertificate(['lote-operator.test']);
    write('operator.pem', operator.cert);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("accepts a listed provider's PID and refuses one from a provider off the list", async () => {
    const listFile = write('pid-providers.jwt', await signed(pidProvidersList([listed]), operator.key));
    const t = await createTestApp({ env: envFor(listFile) });
    try {
      const sandbox = await bootstrapSandbox(t.app);
      const client = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
      const answer = async (issuer: TestPidIssuer) => {
        const created = await client
          .create('wallet', { action: 'login', claims: ['naming.given'], payload: 'Log in' })
          .expect(201);
        const { uri } = created.body.data.presentation;
        const requestUri = new URL(new URL(uri).searchParams.get('request_uri') as string);
        const request = await TestWallet.readRequest(uri, (await t.http().get(requestUri.pathname).expect(200)).text);
        const wallet = await TestWallet.holding(issuer, { given_name: 'Erika' });
        const response = await TestWallet.encryptResponse(request, await wallet.present(request));
        const posted = await t.http().post(new URL(request.responseUri).pathname).type('form').send({ response });
        return { posted, id: created.body.data.request.id as string };
      };

      const accepted = await answer(listed);
      expect(accepted.posted.status).toBe(200);
      const done = await t
        .http()
        .post('/api/v2/flow/ping')
        .set({ 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret })
        .send({ request: accepted.id });
      await expect(decryptClaims(sandbox.privateKey, done.body.data.request.claims)).resolves.toEqual({
        naming: { given: 'Erika' },
      });

      const refused = await answer(await TestPidIssuer.create('Unlisted PID provider'));
      expect(refused.posted.status).toBe(400);
      expect(refused.posted.body.reason).toMatch(/is not on the trust list/);
    } finally {
      await t.close();
    }
  });

  it('tells the operator when the list was issued and when its next update is due, and whose PIDs it trusts', async () => {
    const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - DAY);
    const nextUpdate = new Date(issuedAt.getTime() + 30 * DAY);
    const list = pidProvidersList([listed], {
      ListIssueDateTime: issuedAt.toISOString(),
      NextUpdate: nextUpdate.toISOString(),
    });
    const t = await createTestApp({ env: envFor(write('dated.jwt', await signed(list, operator.key))) });
    try {
      const shown = await t.http().get('/admin/trust-list').set('authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
      expect(shown.body.data).toEqual({
        form: 'pid-providers-list',
        certificates: [{ subject: expect.stringContaining('Listed PID provider'), notAfter: expect.any(Number) }],
        issuedAt: issuedAt.getTime() / 1000,
        nextUpdate: nextUpdate.getTime() / 1000,
      });
    } finally {
      await t.close();
    }
  });

  it('stops the start on a list its signer did not sign, naming the file', async () => {
    const stranger = selfSignedCertificate(['stranger.test']);
    const listFile = write('forged.jwt', await signed(pidProvidersList([listed]), stranger.key));
    await expect(createTestApp({ env: envFor(listFile) })).rejects.toThrow(
      /^EUDI_TRUST_LIST_PATH .*forged\.jwt: its signature is not by a current certificate of the list's signer/,
    );
  });

  it('stops the start on a list without its signer, out of date, or of another profile', async () => {
    const current = write('current.jwt', await signed(pidProvidersList([listed]), operator.key));
    await expect(createTestApp({ env: { EUDI_TRUST_LIST_PATH: current } })).rejects.toThrow(
      /EUDI_TRUST_LIST_SIGNER_PATH must name its signer/,
    );

    const past = {
      ListIssueDateTime: new Date(Date.now() - 100 * DAY).toISOString(),
      NextUpdate: new Date(Date.now() - DAY).toISOString(),
    };
    const stale = write('stale.jwt', await signed(pidProvidersList([listed], past), operator.key));
    await expect(createTestApp({ env: envFor(stale) })).rejects.toThrow(/stale\.jwt: the list is out of date/);

    const walletProviders = { LoTEType: 'http://uri.etsi.org/19602/LoTEType/EUWalletProvidersList' };
    const other = write('other.jwt', await signed(pidProvidersList([listed], walletProviders), operator.key));
    await expect(createTestApp({ env: envFor(other) })).rejects.toThrow(
      /other\.jwt: not an EU PID providers list: .*LoTEType must be http:\/\/uri\.etsi\.org\/19602\/LoTEType\/EUPIDProvidersList/,
    );
  });
});
