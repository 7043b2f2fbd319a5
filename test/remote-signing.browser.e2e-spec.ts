import type { Browser, Page } from 'playwright-core';
import { DevicesService } from '../src/devices/devices.service';
import { STRINGS } from '../libs/holder-app/src/strings';
import { describeInBrowser, launchBrowser } from './support/browser';
import { downloadFile, sha256, untilCompleted } from './support/document-flows';
import { enrollHolderApp } from './support/holder-app-page';
import type { JsonBody } from './support/json-body';
import { credentials } from './support/sandbox-tenant';
import { SealedDocuments } from './support/sealed-documents';
import { SoftHsm, describeWithSoftHsm } from './support/softhsm-token';
import { TestTimestampAuthority } from './support/timestamp-authority';

const SIGNERS_PIN = '975310';
const [IN_APP, SIMULATED] = [
  { nin: '10000000001', name: 'Adaeze Okonkwo' },
  { nin: '10000000002', name: 'Babajide Adeyemi' },
];

/** The document takes its turn at the signing provider and the seal job, B-LTA included: slow on a busy machine. */
const DOCUMENT_MS = 90_000;

/**
 * The issue's whole flow of signees' own signatures, in Chromium: an `advanced` document of two signees in order, the
 * first approving in the holder app with a passkey, the second through the simulator; each signature made by the
 * sandbox provider with a key generated in SoftHSM2, then the seal and B-LTA against a local timestamp authority.
 */
describeInBrowser('signees’ own signatures, one approved in the holder app in Chromium', () => {
  describeWithSoftHsm('with the sandbox provider’s keys in SoftHSM2', () => {
    let hsm: SoftHsm;
    let authority: TestTimestampAuthority;
    let suite: SealedDocuments;
    let browser: Browser;
    let page: Page;
    let assertions: () => Promise<number>;
    /** The one document of the suite, created by the first test. */
    let document: { id: string; pdf: Buffer };
    let stamped: Buffer;

    beforeAll(async () => {
      hsm = new SoftHsm();
      const token = hsm.initToken('idflow-signers', SIGNERS_PIN);
      authority = await TestTimestampAuthority.start();
      suite = await SealedDocuments.start(
        {
          TSA_URL: authority.url,
          SANDBOX_SIGNING_PKCS11_URI: hsm.uri(`token=${token}`),
          SANDBOX_SIGNING_PKCS11_PIN: SIGNERS_PIN,
        },
        { listening: true, hostname: 'localhost' },
      );
      browser = await launchBrowser();
      page = await (await browser.newContext()).newPage();
      const { code } = await suite.t.app.get(DevicesService).issueEnrollmentCode(IN_APP.nin, 'sandbox');
      ({ assertions } = await enrollHolderApp(page, suite.t.config.BASE_URL, code));
    });
    afterAll(async () => {
      await browser?.close();
      await suite?.close();
      await authority?.close();
      hsm?.remove();
    });

    it('shows the first signee the document by its name and SHA-256, says the signature will be their own, and takes their passkey approval', async () => {
      document = await suite.createReview([IN_APP, SIMULATED], { signingOrder: 'sequential', signature: 'advanced' });
      // Asked as the hosted review page asks: the document is pushed to the signee's devices.
      await suite.t.http().post(`/review/${document.id}/signees/0/push`).expect(200);
      const card = page.locator(`article[data-flow="${document.id}"]`);
      await card.waitFor();
      await expect(card.locator('.document-name').innerText()).resolves.toBe('Review');
      await expect(card.getByText(STRINGS.flow.documentPages(1)).count()).resolves.toBe(1);
      await expect(card.locator('.document code').innerText()).resolves.toBe(sha256(document.pdf));
      await expect(card.locator('.document .signature').innerText()).resolves.toBe(
        STRINGS.flow.documentSignature.advanced,
      );

      const before = await assertions();
      await card.getByRole('button', { name: STRINGS.flow.sign }).click();
      await page.locator('#outcome .outcome', { hasText: 'Approved' }).waitFor();
      expect(await assertions()).toBe(before + 1);
      // Signed by them alone: the second signee's turn has come.
      const signatures = (await suite.refresh(document.id)).signatures as JsonBody[];
      expect(signatures.map((signature) => signature.nin)).toEqual([IN_APP.nin]);
    });

    it(
      'puts both signees’ signatures, in order, before the seal at B-LTA: pdfsig and /verify name both',
      async () => {
        await suite.t
          .http()
          .post(`/api/v2/sandbox/flows/${document.id}/approve`)
          .set(credentials(suite.sandbox))
          .send({ nin: SIMULATED.nin })
          .expect(201);
        const doc = await untilCompleted(() => suite.refresh(document.id), DOCUMENT_MS);
        expect(doc.signature).toBe('advanced');
        stamped = (await downloadFile(suite.t.http, doc.file.stamped)).body as Buffer;

        const [first, second, seal, timestamp] = await suite.pdfsigSignatures(stamped, authority.caPem);
        expect(first).toContain(`Signer Certificate Common Name: ${IN_APP.name}`);
        expect(second).toContain(`Signer Certificate Common Name: ${SIMULATED.name}`);
        expect(seal).toContain('Signature Field Name: idflow seal');
        for (const signature of [first, second, seal]) {
          expect(signature).toContain('Signature Validation: Signature is Valid.');
          expect(signature).toContain('Certificate Validation: Certificate is Trusted.');
        }
        expect(timestamp).toContain('Signature Field Name: idflow document timestamp');

        const verified = await suite.verify(stamped);
        expect(verified).toMatchObject({ result: 'verified', pades: { level: 'B-LTA' } });
        expect(verified.pades.signatures).toEqual([
          expect.objectContaining({ signer: IN_APP.name, valid: true, trusted: true, certificateStatus: 'good' }),
          expect.objectContaining({ signer: SIMULATED.name, valid: true, trusted: true, certificateStatus: 'good' }),
          expect.objectContaining({ signer: expect.stringContaining('seal'), valid: true, certificateStatus: 'good' }),
        ]);
      },
      DOCUMENT_MS,
    );

    it('says on /verify that the first signee’s certificate was revoked, once the provider revokes it', async () => {
      await suite.t
        .http()
        .post('/api/v2/sandbox/signing-provider/revoke')
        .set(credentials(suite.sandbox))
        .send({ nin: IN_APP.nin })
        .expect(201);
      const [first, second] = (await suite.verify(stamped)).pades.signatures as JsonBody[];
      expect(first).toMatchObject({ signer: IN_APP.name, valid: true, certificateStatus: 'revoked' });
      expect(second).toMatchObject({ signer: SIMULATED.name, certificateStatus: 'good' });
    });
  });
});
