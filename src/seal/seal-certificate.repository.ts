import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RevokedSealCertificate } from './revoked-seal-certificate.entity';
import { SealCertificate } from './seal-certificate.entity';
import type { SealReplacement } from './seal-replacement';

/** The seal certificates in use, one per slot, and those the seal CA revoked. */
@Injectable()
export class SealCertificateRepository {
  constructor(
    @InjectRepository(SealCertificate) private readonly certificates: Repository<SealCertificate>,
    @InjectRepository(RevokedSealCertificate) private readonly revoked: Repository<RevokedSealCertificate>,
  ) {}

  find(slot: string): Promise<SealCertificate | null> {
    return this.certificates.findOneBy({ slot });
  }

  /** The slot's certificate, which must exist. */
  get(slot: string): Promise<SealCertificate> {
    return this.certificates.findOneByOrFail({ slot });
  }

  /** Writes the certificate unless its slot is taken, then answers the slot's: this one, or the one written first. */
  async insertOrKeep(certificate: SealCertificate): Promise<SealCertificate> {
    await this.certificates.createQueryBuilder().insert().values(certificate).orIgnore().execute();
    return this.certificates.findOneByOrFail({ slot: certificate.slot });
  }

  /** Puts another certificate (and its sealed key, empty for a key in a token) in the slot, revoking nothing. */
  async recertify(slot: string, certificatePem: string, privateKey: string): Promise<void> {
    await this.certificates.update({ slot }, { certificatePem, privateKey });
  }

  findRevoked(serialHex: string): Promise<RevokedSealCertificate | null> {
    return this.revoked.findOneBy({ serialHex });
  }

  allRevoked(): Promise<RevokedSealCertificate[]> {
    return this.revoked.find();
  }

  /**
   * In one transaction: reads the slot's certificate, lets `replace` decide what replaces it, records the revocation
   * and stores the replacement. When `replace` throws, nothing is written.
   */
  replace(slot: string, replace: (stored: SealCertificate) => Promise<SealReplacement>): Promise<SealReplacement> {
    return this.certificates.manager.transaction(async (manager) => {
      const replacement = await replace(await manager.findOneByOrFail(SealCertificate, { slot }));
      await manager.insert(RevokedSealCertificate, replacement.revoked);
      await manager.update(
        SealCertificate,
        { slot },
        { certificatePem: replacement.certificatePem, privateKey: replacement.privateKey },
      );
      return replacement;
    });
  }
}
