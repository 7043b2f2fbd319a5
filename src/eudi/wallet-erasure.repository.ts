import { Injectable } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { UnitOfWork } from '../platform/unit-of-work';
import { WalletErasure } from './wallet-erasure.entity';

/** The record of each wallet erasure request carried out, joining the open unit of work. Private to the eudi module. */
@Injectable()
export class WalletErasureRepository {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async insert(erasure: WalletErasure): Promise<void> {
    await this.rows().insert(erasure);
  }

  ofFlow(flowId: string): Promise<WalletErasure | null> {
    return this.rows().findOneBy({ flowId });
  }

  private rows(): Repository<WalletErasure> {
    return this.unitOfWork.manager.getRepository(WalletErasure);
  }
}
