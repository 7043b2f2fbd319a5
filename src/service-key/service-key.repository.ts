import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ServiceKey } from './service-key.entity';

/** The service keys table, one row per slot. */
@Injectable()
export class ServiceKeyRepository {
  constructor(@InjectRepository(ServiceKey) private readonly keys: Repository<ServiceKey>) {}

  find(slot: string): Promise<ServiceKey | null> {
    return this.keys.findOneBy({ slot });
  }

  /** Writes the key unless its slot is taken, then answers the slot's key: this one, or the one written first. */
  async insertOrKeep(key: ServiceKey): Promise<ServiceKey> {
    await this.keys.createQueryBuilder().insert().values(key).orIgnore().execute();
    return this.keys.findOneByOrFail({ slot: key.slot });
  }
}
