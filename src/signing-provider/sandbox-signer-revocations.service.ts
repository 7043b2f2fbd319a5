import { Injectable, OnModuleInit } from '@nestjs/common';
import type * as pkijs from 'pkijs';
import { NotFoundError } from '../common/errors/not-found.error';
import { UnitOfWork } from '../platform/unit-of-work';
import type { CertificateStatus } from '../seal/certificate-status';
import { certificatesFromPem } from '../seal/pem';
import { type IssuedCertificate, RevocationResponder, serialHexOf } from '../seal/revocation-responder';
import { SignerCertificateStatuses } from '../seal/signer-certificate-statuses';
import { SandboxSigningKeyRepository } from './sandbox-signing-key.repository';
import { SandboxSigningKeys } from './sandbox-signing-keys.service';

/** What revoking a test person's signer certificate did: the serial number in hex, the time in Unix seconds. */
export interface SignerRevocation {
  nin: string;
  revoked: string;
  revokedAt: number;
}

export const NO_SIGNER_CERTIFICATE = 'This test person holds no signer certificate at the sandbox signing provider';

/**
 * Revocation at the sandbox signing CA: a test person's certificate revoked on request (a sandbox route), the CA's
 * OCSP answers and CRL over every signer certificate it issued, and the status /verify shows for a signee's
 * signature. A revoked certificate's key is dropped: the person's next signature enrols a new one.
 */
@Injectable()
export class SandboxSignerRevocations implements OnModuleInit {
  constructor(
    private readonly keys: SandboxSigningKeys,
    private readonly repository: SandboxSigningKeyRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly statuses: SignerCertificateStatuses,
  ) {}

  onModuleInit(): void {
    this.statuses.register((certificate) => this.statusOf(certificate));
  }

  /** Revokes the test person's certificate now; `revokedAt` in whole seconds, as the CRL and OCSP say it. */
  revoke(nin: string): Promise<SignerRevocation> {
    const revokedAt = Math.floor(Date.now() / 1000) * 1000;
    return this.unitOfWork.run(async () => {
      const key = await this.repository.findByNin(nin);
      if (!key) throw new NotFoundError(NO_SIGNER_CERTIFICATE);
      const serialHex = serialHexOf(certificatesFromPem(key.certificatePem)[0]);
      const revoked = { serialHex, nin, certificatePem: key.certificatePem, revokedAt };
      if (!(await this.repository.revoke(key, revoked))) throw new NotFoundError(NO_SIGNER_CERTIFICATE);
      return { nin, revoked: serialHex, revokedAt: revokedAt / 1000 };
    });
  }

  /** The CA's OCSP answers and CRL, signed with its own key. */
  async responder(): Promise<RevocationResponder> {
    const ca = await this.keys.authority();
    return new RevocationResponder(ca.certificate, ca.privateKey, () => this.issued());
  }

  /** The status of a certificate this CA issued; undefined for another CA's. */
  async statusOf(certificate: pkijs.Certificate): Promise<CertificateStatus | undefined> {
    const ca = await this.keys.authority();
    if (!certificate.issuer.isEqual(ca.certificate.subject)) return undefined;
    const serialHex = serialHexOf(certificate);
    const found = (await this.issued()).find((issued) => issued.serialHex === serialHex);
    if (!found) return { status: 'unknown' };
    return found.revokedAt ? { status: 'revoked', revokedAt: found.revokedAt } : { status: 'good' };
  }

  /** Every signer certificate the CA issued: those in use, and those it revoked. */
  private async issued(): Promise<IssuedCertificate[]> {
    const [signers, revoked] = await Promise.all([this.repository.signers(), this.repository.allRevoked()]);
    return [
      ...signers.map((key) => ({ serialHex: serialHexOf(certificatesFromPem(key.certificatePem)[0]) })),
      ...revoked.map(({ serialHex, revokedAt }) => ({ serialHex, revokedAt: new Date(revokedAt) })),
    ];
  }
}
