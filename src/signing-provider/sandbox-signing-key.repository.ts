import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../platform/unit-of-work';
import { Not, IsNull } from 'typeorm';
import { RevokedSignerCertificate } from './revoked-signer-certificate.entity';
import { SandboxSigningKey } from './sandbox-signing-key.entity';

/** The sandbox signing provider's keys, and the signer certificates it revoked. Private to the signing-provider module. */
@Injectable()
export class SandboxSigningKeyRepository {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  private get keys() {
    return this.unitOfWork.manager.getRepository(SandboxSigningKey);
  }

  private get revoked() {
    return this.unitOfWork.manager.getRepository(RevokedSignerCertificate);
  }

  findById(id: string): Promise<SandboxSigningKey | null> {
    return this.keys.findOneBy({ id });
  }

  findByNin(nin: string): Promise<SandboxSigningKey | null> {
    return this.keys.findOneBy({ nin });
  }

  /**
   * Writes the key unless its id or its owner has one already (another instance made it first), and answers the one
   * kept.
   */
  async insertOrKeep(key: SandboxSigningKey): Promise<SandboxSigningKey> {
    await this.keys.createQueryBuilder().insert().values(key).orIgnore().execute();
    const kept = key.nin === null ? await this.findById(key.id) : await this.findByNin(key.nin);
    if (!kept) throw new Error(`The sandbox signing key ${key.id} was neither written nor found`);
    return kept;
  }

  /** Every signer's key (not the CA's): what the CA's OCSP answers call `good`. */
  signers(): Promise<SandboxSigningKey[]> {
    return this.keys.findBy({ nin: Not(IsNull()) });
  }

  allRevoked(): Promise<RevokedSignerCertificate[]> {
    return this.revoked.find();
  }

  /**
   * Records the certificate revoked and drops the key it certified, in the caller's transaction; false when the key
   * was dropped meanwhile (revoked by another call).
   */
  async revoke(key: SandboxSigningKey, revoked: RevokedSignerCertificate): Promise<boolean> {
    const dropped = await this.keys.delete({ id: key.id, certificatePem: key.certificatePem });
    if (!dropped.affected) return false;
    await this.revoked.insert(revoked);
    return true;
  }
}
