import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describeDatabaseFree } from '../support/database-free';
import { TestApp, createTestApp } from '../support/test-app';

const run = promisify(execFile);
const OPENAPI_TYPESCRIPT = join(__dirname, '..', '..', 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

/** What an integrator's TypeScript reads from the answers a generated client types: creates, ping and refresh. */
const PROGRAM = `
import type { components, paths } from './idflow';

type Json<P extends keyof paths, M extends 'get' | 'post', S extends number> =
  paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer B } } } } ? B : never;

declare const identified: Json<'/api/v2/identification/same-device', 'post', 201>;
declare const pushed: Json<'/api/v2/identification/different-device', 'post', 201>;
declare const scanned: Json<'/api/v2/identification/wildcard', 'post', 201>;
declare const signing: Json<'/api/v2/signing/different-device', 'post', 201>;
declare const pinged: Json<'/api/v2/flow/ping', 'post', 200>;
declare const refreshed: Json<'/api/v2/document/refresh', 'post', 200>;
declare const document: Json<'/api/v2/document/review', 'post', 201>;
declare const failed: components['schemas']['FailedEnvelope'];

const link: string = identified.data.link;
const start: string = identified.data.qr.startToken + identified.data.qr.startSecret;
const id: string = identified.data.request.id + identified.data.request.signature + identified.data.request.payload;
const claims: string[] = identified.data.request.acquireClaims;
const token: string = pushed.data.token + pushed.data.verificationCode;
const seeds: string[] = scanned.data.seeds;
const code: string = signing.data.verificationCode + signing.data.request.action;
const version: 'v1' | 'v2' = pinged.version;
const request = pinged.data.request;
const state: string = 'onsession' in request ? request.status + request.hint + String(request.onsession) : '';
const released = 'claims' in request && request.claims ? request.claims['naming']?.['name'] : undefined;
const doc = refreshed.data.doc;
const stamped: string | undefined = doc.file.stamped;
const signers: string[] = doc.signatures.map((signature) => signature.nin + signature.signature);
const log: string[] = doc.statusLog.map((entry) => entry.status + String(entry.lut));
const review: string = document.data.link + document.data.request.signee[0].name;
const problems: Array<string | number> = (failed.errors ?? []).flatMap((issue) => issue.path);
export const used = [link, start, id, claims, token, seeds, code, version, state, released, stamped, signers, log, review, problems];
`;

const CLIENT = join(__dirname, '..', '..', 'libs', 'client', 'src');

/** The Node client's own types, held to the document's schemas: the same properties, and values the schema allows. */
const CLIENT_PROGRAM = `
import type { components } from './idflow';
import type * as Client from '${CLIENT}';
type S = components['schemas'];
type Matches<C, D> = [keyof C] extends [keyof D]
  ? [keyof D] extends [keyof C]
    ? C extends D ? true : 'values the schema does not allow'
    : 'the schema has more properties'
  : 'the client has more properties';
export const checks: {
  flowView: Matches<Client.FlowView, S['FlowState']>;
  request: Matches<Client.FlowRequest, S['FlowRequest']>;
  sameDevice: Matches<Client.SameDeviceCreated, S['SameDeviceIdentification']>;
  wildcard: Matches<Client.WildcardCreated, S['WildcardIdentification']>;
  pushed: Matches<Client.IdentificationPushed, S['DifferentDeviceIdentification']>;
  signing: Matches<Client.SigningPushed, S['DifferentDeviceSigning']>;
  document: Matches<Client.IdflowDocument, S['Document']>;
  signee: Matches<Client.DocumentSignee, S['Signee']>;
  signature: Matches<Client.DocumentSignature, S['SignatureRecord']>;
  statusLog: Matches<Client.DocumentStatusLogEntry, S['SigneeStatusEntry']>;
  documentSigning: Matches<Client.DocumentSigningCreated, S['DocumentSigningCreated']>;
  documentReview: Matches<Client.DocumentReviewCreated, S['DocumentReviewCreated']>;
  audit: Matches<Client.DocumentAuditEvent, S['DocumentAuditEvent']>;
  qr: Matches<Client.QrStart, S['QrStart']>;
} = {
  flowView: true, request: true, sameDevice: true, wildcard: true, pushed: true, signing: true, document: true,
  signee: true, signature: true, statusLog: true, documentSigning: true, documentReview: true, audit: true, qr: true,
};
`;

/** Types generated from the live document with openapi-typescript, compiled as an integrator's code would be. */
describeDatabaseFree('the OpenAPI document as a typed contract', () => {
  let t: TestApp;
  let dir: string;

  const compile = (source: string) => {
    writeFileSync(join(dir, 'program.ts'), source);
    const program = ts.createProgram([join(dir, 'program.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      skipLibCheck: true,
      // TypeScript 6 no longer loads every installed @types package; the client uses Node's.
      types: ['node'],
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  };

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'idflow-openapi-types-'));
    const document = (await t.http().get('/docs-json').expect(200)).body;
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
    await run(process.execPath, [OPENAPI_TYPESCRIPT, join(dir, 'openapi.json'), '-o', join(dir, 'idflow.d.ts')]);
  }, 60_000);
  afterAll(() => t.close());

  it('types every create, ping and refresh field an integrator reads', () => {
    expect(compile(PROGRAM)).toEqual([]);
  });

  it("holds the Node client's types to the document's schemas", () => {
    expect(compile(CLIENT_PROGRAM)).toEqual([]);
    const drifted = CLIENT_PROGRAM.replace(
      "Matches<Client.QrStart, S['QrStart']>",
      "Matches<Client.QrStart & { frame: string }, S['QrStart']>",
    );
    expect(compile(drifted)).toEqual([expect.stringContaining('the client has more properties')]);
  });

  it('refuses a field the service does not send', () => {
    const wrong = PROGRAM.replace('identified.data.link', 'identified.data.linkUrl');
    expect(compile(wrong)).toEqual([expect.stringContaining("Property 'linkUrl' does not exist")]);
  });
});
