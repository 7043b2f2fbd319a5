import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../platform/unit-of-work';
import { WalletIntendedUse } from './wallet-intended-use.entity';

/** The intended uses apps registered, by app and name. Private to the eudi module's intended uses. */
@Injectable()
export class WalletIntendedUseRepository {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  /** Writes a new intended use; a name the app registered already fails with the database's unique violation. */
  async insert(use: WalletIntendedUse): Promise<void> {
    await this.unitOfWork.manager.insert(WalletIntendedUse, use);
  }

  /** The app's intended uses, by name. */
  listOf(appId: string): Promise<WalletIntendedUse[]> {
    return this.unitOfWork.manager.find(WalletIntendedUse, { where: { appId }, order: { name: 'ASC' } });
  }

  find(appId: string, name: string): Promise<WalletIntendedUse | null> {
    return this.unitOfWork.manager.findOneBy(WalletIntendedUse, { appId, name });
  }

  async delete(appId: string, name: string): Promise<void> {
    await this.unitOfWork.manager.delete(WalletIntendedUse, { appId, name });
  }
}
