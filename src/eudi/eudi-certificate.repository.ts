import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EudiCertificate } from './eudi-certificate.entity';

/** The certificates idflow made for the EU wallet verifier, one a slot. Private to the eudi module. */
@Injectable()
export class EudiCertificateRepository {
  constructor(@InjectRepository(EudiCertificate) private readonly certificates: Repository<EudiCertificate>) {}

  find(slot: string): Promise<EudiCertificate | null> {
    return this.certificates.findOneBy({ slot });
  }

  /** Writes the slot's certificate unless the slot has one already, and answers the one the slot has now. */
  async insertOrKeep(certificate: EudiCertificate): Promise<EudiCertificate> {
    await this.certificates.createQueryBuilder().insert().values(certificate).orIgnore().execute();
    return this.certificates.findOneByOrFail({ slot: certificate.slot });
  }
}
