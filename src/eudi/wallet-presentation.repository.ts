import { Injectable } from '@nestjs/common';
import { In, type Repository } from 'typeorm';
import { UnitOfWork } from '../platform/unit-of-work';
import { WalletPresentation } from './wallet-presentation.entity';

/**
 * What each wallet flow asked of the wallet: its request object, nonce, state and response key, and the wallet's
 * refusal once it gives one. Reads and writes join the open unit of work, if any (the one that creates the flow).
 * Private to the eudi module.
 */
@Injectable()
export class WalletPresentationRepository {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async insert(presentation: WalletPresentation): Promise<void> {
    await this.rows().insert(presentation);
  }

  find(flowId: string): Promise<WalletPresentation | null> {
    return this.rows().findOneBy({ flowId });
  }

  /** The presentation whose request carried this nonce, which its key binding signed. */
  withNonce(nonce: string): Promise<WalletPresentation | null> {
    return this.rows().findOneBy({ nonce });
  }

  async recordRefusal(flowId: string, refusal: string): Promise<void> {
    await this.rows().update({ flowId }, { refusal });
  }

  async deleteOf(flowIds: string[]): Promise<void> {
    await this.rows().delete({ flowId: In(flowIds) });
  }

  private rows(): Repository<WalletPresentation> {
    return this.unitOfWork.manager.getRepository(WalletPresentation);
  }
}
