import { OutboundClient } from '../../src/common/outbound/outbound-client';
import { loadConfig } from '../../src/config/load-config';
import { type SealedPdf, DocumentSealService } from '../../src/seal/document-seal.service';
import { SealPdfUpdates } from '../../src/seal/seal-pdf-updates';
import { certificatesFromPem } from '../../src/seal/pem';
import { RevocationResponder, serialHexOf } from '../../src/seal/revocation-responder';
import { makeSandboxSeal } from '../../src/seal/sandbox-seal';
import type { SealCredential } from '../../src/seal/seal-credential';
import type { SealCredentialsService } from '../../src/seal/seal-credentials.service';
import { importSealKey } from '../../src/seal/seal-private-key';
import { LocalServer } from '../../test/support/local-server';
import { TestTimestampAuthority } from '../../test/support/timestamp-authority';

export const SEAL_LEVELS = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;
export type SealLevel = (typeof SEAL_LEVELS)[number];

/**
 * The service's own DocumentSealService at each PAdES level, with what a production deployment reaches over the
 * network on loopback instead: a timestamp authority whose CA answers OCSP, and a seal CA that answers OCSP for the
 * seal certificate (as the sandbox seal CA does at its /.well-known addresses).
 */
export class SealLevels {
  private constructor(
    private readonly services: Map<SealLevel, DocumentSealService>,
    private readonly closers: Array<() => Promise<void>>,
  ) {}

  static async start(deployment: string): Promise<SealLevels> {
    let responder: RevocationResponder | undefined;
    const sealCa = await LocalServer.start((request, response, body) => {
      const answer = request.url === '/ocsp' ? responder?.ocsp(body) : responder?.crl();
      if (!answer) return void response.writeHead(503).end();
      void answer.then((bytes) => response.writeHead(200).end(bytes));
    });
    const sandbox = await makeSandboxSeal(deployment, {
      ocspUrl: `${sealCa.origin}/ocsp`,
      caIssuersUrl: `${sealCa.origin}/ca.cer`,
      crlUrl: `${sealCa.origin}/ca.crl`,
    });
    const [certificate] = certificatesFromPem(sandbox.certificatePem);
    const chain = certificatesFromPem(sandbox.caPem);
    const credential: SealCredential = {
      certificate,
      chain,
      privateKey: await importSealKey(Buffer.from(sandbox.privateKey, 'base64'), certificate),
      trustAnchors: chain,
    };
    const caKey = await importSealKey(Buffer.from(sandbox.caPrivateKey, 'base64'), chain[0]);
    responder = new RevocationResponder(chain[0], caKey, () =>
      Promise.resolve([{ serialHex: serialHexOf(certificate) }]),
    );
    const authority = await TestTimestampAuthority.start();
    const credentials = { credential: async () => credential, refreshed: async () => credential };
    const outbound = new OutboundClient({ allowPrivateAddresses: true, allowInsecureUrls: true });
    const services = new Map<SealLevel, DocumentSealService>();
    for (const level of SEAL_LEVELS) {
      const config = loadConfig({ SEAL_LEVEL: level, SEAL_NAME: deployment, TSA_URL: authority.url });
      // Updates made at hand: the bench times the seal itself, not a hand-over to a thread.
      const updates = new SealPdfUpdates();
      const service = new DocumentSealService(
        credentials as unknown as SealCredentialsService,
        config,
        outbound,
        updates,
      );
      // What the service fetches before it seals (OCSP answers, the authority's chain).
      await service.ready();
      services.set(level, service);
    }
    return new SealLevels(services, [() => sealCa.close(), () => authority.close()]);
  }

  /** Seals as the last step of a completion does, and fails when the level asked for was not reached. */
  async seal(level: SealLevel, finished: Uint8Array, documentId: string): Promise<SealedPdf> {
    const sealed = await this.services
      .get(level)!
      .seal(finished, { documentId, signingTime: new Date(), mayLowerLevel: false });
    if (sealed.level !== level) throw new Error(`asked for ${level}, sealed at ${sealed.level}`);
    return sealed;
  }

  async close(): Promise<void> {
    await Promise.all(this.closers.map((close) => close()));
  }
}
