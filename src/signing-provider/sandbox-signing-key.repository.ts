import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../platform/unit-of-work';
import { SandboxSigningKey } from './sandbox-signing-key.entity';

/** The sandbox signing provider's keys. Private to the signing-provider module. */
@Injectable()
export class SandboxSigningKeyRepository {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  private get keys() {
    return this.unitOfWork.manager.getRepository(SandboxSigningKey);
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
}
