import { PDFDocument } from '@cantoo/pdf-lib';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { sha256, simulatorSignedDocument } from '../support/document-flows';
import { bombAfterSignature, farFilterBomb, hexFlateBomb } from '../support/pdf-bombs';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, credentials, testPerson } from '../support/sandbox-tenant';
import { expectEventLoopFree, probeServingThread } from '../support/serving-thread-probe';
import { TestApp, createTestApp } from '../support/test-app';

const SIGNERS = ['10000000001', '10000000002'];

describe('POST /verify and GET /verify', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let files: FileHost;
  let docId: string;
  let stamped: Buffer;
  let signatures: Array<{ nin: string; name: string; iat: number; identification: string; signature: string }>;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    files = await FileHost.start();
    const signed = await simulatorSignedDocument(t, sandbox, files.put('/contract.pdf', await makePdf(2)), SIGNERS);
    ({ stamped } = signed);
    ({ id: docId, signatures } = signed.doc);
  });
  afterAll(async () => {
    await files?.close();
    await t?.close();
  });

  const upload = (bytes: Buffer, app: TestApp = t) =>
    app.http().post('/verify').set('content-type', 'application/pdf').send(bytes);

  /** The same bytes with one byte in the middle changed. */
  function flipped(bytes: Buffer): Buffer {
    const copy = Buffer.from(bytes);
    const middle = Math.floor(copy.length / 2);
    copy[middle] = copy[middle] ^ 0x01;
    return copy;
  }

  it('verifies the stamped copy we issued, with every signer as the signature page prints them', async () => {
    const response = await upload(stamped).expect(200);
    expect(response.body).toMatchObject({ status: 'successful', reason: 'File checked', version: 'v2' });
    const data = response.body.data;
    expect(data).toMatchObject({ result: 'verified', verified: true, sha256: sha256(stamped) });
    expect(data.summary).toMatch(/exactly the signed copy we issued/);
    const document = data.document;
    expect(document).toMatchObject({
      id: docId,
      title: 'Lease 7',
      // The original's two, the signature page and the certificate of completion.
      pages: 4,
      originalPages: 2,
      environment: 'sandbox',
    });
    expect(document.signers).toHaveLength(2);
    SIGNERS.forEach((nin, index) => {
      const record = signatures.find((signature) => signature.nin === nin);
      expect(record).toBeDefined();
      expect(document.signers[index]).toEqual({
        name: testPerson(nin).name,
        representing: 'Self',
        type: 'person',
        signedAt: record?.iat,
        signedAtIso: new Date((record?.iat ?? 0) * 1000).toISOString().replace('.000Z', 'Z'),
        identification: record?.identification,
        signatureFingerprint: sha256(record?.signature ?? '').slice(0, 16),
      });
    });
    const lastSignature = Math.max(...signatures.map((signature) => signature.iat));
    expect(document.completedAt).toBe(lastSignature);
    expect(document.completedAtIso).toBe(new Date(lastSignature * 1000).toISOString().replace('.000Z', 'Z'));
    // The stamp prints no NIN, and neither does the answer.
    for (const nin of SIGNERS) expect(JSON.stringify(response.body)).not.toContain(nin);
  });

  it('says a copy with one byte changed is not verified, and names the document it claims to be', async () => {
    const altered = flipped(stamped);
    const { data } = (await upload(altered).expect(200)).body;
    expect(data).toEqual({
      result: 'altered',
      verified: false,
      summary: expect.stringContaining(docId),
      document: { id: docId },
      sha256: sha256(altered),
      seal: expect.objectContaining({ present: true, valid: false, trusted: false }),
      // No level: the seal is not valid.
      pades: expect.objectContaining({ signatures: [expect.objectContaining({ valid: false })], timestamps: [] }),
      reliedOn: [],
    });
  });

  it('says a copy with bytes appended (an incremental update) is altered', async () => {
    const appended = Buffer.concat([stamped, Buffer.from('\n% edited\n%%EOF\n', 'latin1')]);
    const { data } = (await upload(appended).expect(200)).body;
    expect(data).toMatchObject({ result: 'altered', verified: false, document: { id: docId } });
  });

  it('says a PDF we never stamped is unknown', async () => {
    const other = await makePdf(1);
    const { data } = (await upload(other).expect(200)).body;
    expect(data).toEqual({
      result: 'unknown',
      verified: false,
      summary: 'This is not a document we issued.',
      sha256: sha256(other),
      seal: expect.objectContaining({ present: false }),
      pades: expect.objectContaining({ signatures: [], timestamps: [] }),
      reliedOn: [],
    });
  });

  it('says a PDF naming a document id we never issued is unknown', async () => {
    const forged = await PDFDocument.load(await makePdf(1));
    forged.setTitle(`Signed document doc_${'Z'.repeat(40)}`);
    const { data } = (await upload(Buffer.from(await forged.save())).expect(200)).body;
    expect(data).toMatchObject({ result: 'unknown', verified: false });
    expect(data).not.toHaveProperty('document');
  });

  it('verifies a stamped copy given by URL', async () => {
    const url = files.put('/signed/lease-7.pdf', stamped);
    const { data } = (await t.http().post('/verify').send({ url }).expect(200)).body;
    expect(data).toMatchObject({ result: 'verified', verified: true, document: { id: docId } });
  });

  it('reports an altered copy given by URL', async () => {
    const url = files.put('/signed/lease-7-edited.pdf', Buffer.concat([stamped, Buffer.from('\n%%EOF\n')]));
    const { data } = (await t.http().post('/verify').send({ url }).expect(200)).body;
    expect(data).toMatchObject({ result: 'altered', document: { id: docId } });
  });

  it('refuses an upload that is not a PDF', async () => {
    const response = await upload(Buffer.from('just some text, not a PDF')).expect(400);
    expect(response.body).toMatchObject({ status: 'failed', reason: 'The file could not be used' });
    expect(response.body.errors).toEqual([{ code: 'custom', path: [], message: expect.stringMatching(/not a PDF/) }]);
  });

  it.each([
    ['hex-encoded over Flate', hexFlateBomb],
    ['whose /Filter sits 70 KB before its data', farFilterBomb],
    ['in an incremental update after a well-formed signature', bombAfterSignature],
  ])(
    'refuses an object stream %s that expands to 1 GiB, answering health checks promptly meanwhile',
    async (_, bomb) => {
      const verdict = Promise.resolve(upload(bomb(1024)));
      // Decoding on the event loop would hold it for as long as the refusal takes: on a thread, the serving thread
      // only answers the checks meanwhile.
      const report = await probeServingThread(t, verdict, 20);
      expectEventLoopFree(report, 5);
      const response = await verdict;
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: {
          status: 'failed',
          reason: 'The file could not be used',
          version: 'v2',
          errors: [
            {
              code: 'custom',
              path: [],
              message: 'The uploaded file is not a usable PDF: its compressed streams expand to more than 128 MiB',
            },
          ],
        },
      });
    },
  );

  it("keeps anonymous uploads off the documents' reading threads: a create is read while four uploads wait", async () => {
    // Each upload takes its reading thread a while (40 MiB to decode); four of them, on the documents' two threads,
    // would make the create's file wait behind them.
    const answered: string[] = [];
    const uploads = Array.from({ length: 4 }, (_, index) =>
      upload(farFilterBomb(40)).then((response) => {
        answered.push(`upload ${index}`);
        return response;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const created = t
      .http()
      .post('/api/v2/document/signing')
      .set(credentials(sandbox))
      .send({
        to: SIGNERS,
        file: { url: files.put('/lane.pdf', await makePdf(1)), title: 'Lane' },
        webhook: { host: 'https://example.com/hook', reference: 'lane' },
      })
      .then((response) => {
        answered.push('create');
        return response;
      });
    expect((await created).status).toBe(201);
    expect((await Promise.all(uploads)).map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(answered[0]).toBe('create');
  });

  it('refuses a URL that does not answer a PDF, or does not answer', async () => {
    const text = files.put('/notes.txt', Buffer.from('hello'), 'text/plain');
    const notPdf = await t.http().post('/verify').send({ url: text }).expect(400);
    expect(notPdf.body.errors).toEqual([
      { code: 'custom', path: ['url'], message: expect.stringMatching(/not a usable PDF/) },
    ]);

    const missing = await t
      .http()
      .post('/verify')
      .send({ url: files.url('/nowhere.pdf') })
      .expect(400);
    expect(missing.body.errors).toEqual([
      { code: 'custom', path: ['url'], message: expect.stringMatching(/HTTP 404/) },
    ]);
  });

  it('asks for a file when given neither a PDF nor a url', async () => {
    const empty = await t.http().post('/verify').send({}).expect(400);
    expect(empty.body.errors).toEqual([
      { code: 'invalid_type', path: ['url'], message: expect.stringMatching(/application\/pdf/) },
    ]);

    const other = await t.http().post('/verify').set('content-type', 'text/plain').send('hello').expect(415);
    expect(other.body.data).toEqual({ accepted: ['application/json', 'application/pdf'] });

    const wrongField = await t.http().post('/verify').send({ url: 42 }).expect(400);
    expect(wrongField.body.errors).toEqual([expect.objectContaining({ path: ['url'] })]);
  });

  it('serves the page with a strict, nonce-based content security policy', async () => {
    const response = await t.http().get('/verify').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = response.headers['content-security-policy'];
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(response.text).toContain(`<script nonce="${nonce}">`);
    expect(response.text).toContain('id="file"');
    expect(response.text).toContain('id="url"');
    expect(response.text).not.toMatch(/<script(?![^>]*nonce)/);
  });

  describe('with a small MAX_FILE_BYTES and no private URLs allowed', () => {
    let small: TestApp;

    beforeAll(async () => {
      small = await createTestApp({ env: { MAX_FILE_BYTES: '2048' } });
    });
    afterAll(() => small?.close());

    it('refuses an upload larger than MAX_FILE_BYTES with 413 and a clear reason', async () => {
      expect(stamped.length).toBeGreaterThan(2048);
      const response = await upload(stamped, small).expect(413);
      expect(response.body).toMatchObject({
        status: 'failed',
        reason: 'The request body is larger than MAX_FILE_BYTES (2048 bytes)',
      });
    });

    it('still verifies nothing it cannot fetch: a private URL is refused on url', async () => {
      const response = await small.http().post('/verify').send({ url: 'https://127.0.0.1/signed.pdf' }).expect(400);
      expect(response.body.status).toBe('failed');
      expect(response.body.errors).toEqual([
        { code: 'custom', path: ['url'], message: expect.stringMatching(/^url: .*(private|loopback)/i) },
      ]);
    });
  });
});
