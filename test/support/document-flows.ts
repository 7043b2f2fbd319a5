import { createHash } from 'node:crypto';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import type { INestApplication } from '@nestjs/common';
import { DocumentSignee } from '../../src/documents/document-signee.entity';
import { FILE_STORAGE, type FileStorage } from '../../src/documents/file-storage';
import { FlowDocument } from '../../src/documents/flow-document.entity';
import { Flow } from '../../src/flows/flow.entity';
import { signChallenge } from './device-signature';
import type { IntegratorClient } from './integrator-client';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { credentials } from './sandbox-tenant';
import type { TestAgent, TestApp } from './test-app';
import type { TestDevice } from './test-device';
import type { JsonBody } from './json-body';
import { pause } from './waiting';

export type DocumentKind = 'signing' | 'review';
type Version = 'v1' | 'v2';

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** `POST /api/{version}/document/{kind}` with exactly the integrator's headers. */
export function createDocument(
  integrator: IntegratorClient,
  kind: DocumentKind,
  body: unknown,
  version: Version = 'v2',
) {
  return integrator.post(`/api/${version}/document/${kind}`, body);
}

/** Creates a document flow and returns `data` of the answer; fails the test unless the create succeeds. */
export async function startDocument(
  integrator: IntegratorClient,
  kind: DocumentKind,
  body: object,
): Promise<{ link?: string; request: JsonBody }> {
  const response = await createDocument(integrator, kind, body);
  if (response.status !== 201) {
    throw new Error(`document ${kind} failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body.data;
}

/** `POST /api/{version}/document/refresh`. */
export function refreshDocument(integrator: IntegratorClient, flow: unknown, version: Version = 'v2') {
  return integrator.post(`/api/${version}/document/refresh`, { flow });
}

/** The document as refresh shows it (`data.doc`); fails the test unless refresh answers 200. */
export async function currentDocument(integrator: IntegratorClient, flow: string): Promise<JsonBody> {
  const response = await refreshDocument(integrator, flow);
  if (response.status !== 200) throw new Error(`refresh failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.doc;
}

/** How long a document's stamped copy may take after its last signature, on a loaded machine. */
export const SEAL_TIMEOUT_MS = 60_000;

/**
 * The document once it is completed, asking `refresh` every 100 ms: the last signature commits alone and the stamped
 * copy is made after it. Fails at once if any answer shows it completed without its stamped copy, or when it has not
 * completed within `timeoutMs`.
 */
export async function untilCompleted<Doc>(refresh: () => Promise<Doc>, timeoutMs = SEAL_TIMEOUT_MS): Promise<Doc> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = await refresh();
    const { id, status, file } = doc as JsonBody;
    if (status === 'completed') {
      if (!file?.stamped) throw new Error(`document ${id} is shown completed without its stamped copy`);
      return doc;
    }
    if (status !== 'in_progress') throw new Error(`document ${id} ended ${status} instead of completing`);
    if (Date.now() > deadline) throw new Error(`document ${id} not completed within ${timeoutMs} ms`);
    await pause(100);
  }
}

/** The document as refresh shows it once completed (see `untilCompleted`). */
export function completedDocument(integrator: IntegratorClient, flow: string, timeoutMs?: number): Promise<JsonBody> {
  return untilCompleted(() => currentDocument(integrator, flow), timeoutMs);
}

/** A signee acting on documents: through a phone (the Wallet API) or the sandbox simulator's virtual device. */
export interface DocumentSigner {
  readonly nin: string;
  /** Reads the document (a phone marks it viewed) and signs the challenge it is shown. */
  sign(flowId: string): Promise<Response>;
  /** `reason`: why, as the signee gives it; none is sent when absent. */
  decline(flowId: string, reason?: string): Promise<Response>;
}

/** A phone with the digital-ID app: reads the document, signs its challenge with the device key, approves. */
export function walletDocumentSigner(http: () => TestAgent, device: TestDevice, nin: string): DocumentSigner {
  return {
    nin,
    sign: async (flowId) => {
      const read = await device.get(http, `/wallet/v1/flows/${flowId}`);
      if (read.status !== 200) return read;
      const signature = await signChallenge(device, read.body.data.flow.challenge);
      return device.post(http, `/wallet/v1/flows/${flowId}/approve`, { signature });
    },
    decline: (flowId, reason) => device.post(http, `/wallet/v1/flows/${flowId}/decline`, { reason }),
  };
}

/** A synthetic test person's virtual device, driven through `POST /api/v2/sandbox/flows/:id/approve|reject`. */
export function simulatedDocumentSigner(integrator: IntegratorClient, nin: string): DocumentSigner {
  return {
    nin,
    sign: (flowId) => integrator.simulate('approve', flowId, { nin }),
    decline: (flowId, reason) => integrator.simulate('reject', flowId, { nin, reason }),
  };
}

/** Fetches a stored file by the path of its public URL (`{CDN_URL}/files/<key>`), from this app. */
export async function downloadFile(http: () => TestAgent, url: string): Promise<Response> {
  return http()
    .get(new URL(url).pathname)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/**
 * A signing document for `signers` (sandbox test persons), each approving through the simulator: the document as
 * refresh then shows it, and the stamped copy as anyone downloads it from `/files`.
 */
export async function simulatorSignedDocument(
  t: TestApp,
  sandbox: SandboxBootstrap,
  fileUrl: string,
  signers: string[],
): Promise<{ doc: JsonBody; stamped: Buffer }> {
  const headers = credentials(sandbox);
  const created = await t
    .http()
    .post('/api/v2/document/signing')
    .set(headers)
    .send({
      to: signers,
      file: { url: fileUrl, title: 'Lease 7' },
      webhook: { host: 'https://example.com/hook', reference: 'x' },
    })
    .expect(201);
  const id: string = created.body.data.request.id;
  for (const nin of signers) {
    await t.http().post(`/api/v2/sandbox/flows/${id}/approve`).set(headers).send({ nin }).expect(201);
  }
  const doc = await untilCompleted(
    async () =>
      (await t.http().post('/api/v2/document/refresh').set(headers).send({ flow: id }).expect(200)).body.data.doc,
  );
  return { doc, stamped: (await downloadFile(t.http, doc.file.stamped)).body as Buffer };
}

/** What the app's FILE_STORAGE holds, whole files and unfinished writes alike, sorted. */
export async function storedFiles(app: INestApplication): Promise<string[]> {
  const { keys, unfinished } = await app.get<FileStorage>(FILE_STORAGE).storedBefore(Number.MAX_SAFE_INTEGER);
  return [...keys, ...unfinished].sort();
}

/** Rows of flows, documents and signees, to show that a refused request stored nothing. */
export async function documentRowCounts(app: INestApplication) {
  const dataSource = app.get(DataSource);
  const [flows, documents, signees] = await Promise.all([
    dataSource.getRepository(Flow).count(),
    dataSource.getRepository(FlowDocument).count(),
    dataSource.getRepository(DocumentSignee).count(),
  ]);
  return { flows, documents, signees };
}
