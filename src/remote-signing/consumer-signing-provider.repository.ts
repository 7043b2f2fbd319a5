import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../platform/unit-of-work';
import { ConsumerSigningProvider } from './consumer-signing-provider.entity';

/** The consumers' own signing providers. Private to the remote-signing module's consumer providers. */
@Injectable()
export class ConsumerSigningProviderRepository {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  /** Writes a new provider; a name the consumer has already fails with the database's unique violation. */
  async insert(provider: ConsumerSigningProvider): Promise<void> {
    await this.unitOfWork.manager.insert(ConsumerSigningProvider, provider);
  }

  /** The consumer's providers, oldest first: the first of an environment is the one that signs. */
  listOf(consumerId: string): Promise<ConsumerSigningProvider[]> {
    return this.unitOfWork.manager.find(ConsumerSigningProvider, {
      where: { consumerId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  find(consumerId: string, name: string): Promise<ConsumerSigningProvider | null> {
    return this.unitOfWork.manager.findOneBy(ConsumerSigningProvider, { consumerId, name });
  }

  /** Replaces what can change of a provider; answers whether it still existed. */
  async update(
    id: string,
    changes: Pick<ConsumerSigningProvider, 'environment' | 'baseUrl' | 'clientId' | 'clientSecret' | 'updatedAt'>,
  ): Promise<boolean> {
    const result = await this.unitOfWork.manager.update(ConsumerSigningProvider, { id }, changes);
    return (result.affected ?? 0) > 0;
  }

  async delete(id: string): Promise<void> {
    await this.unitOfWork.manager.delete(ConsumerSigningProvider, { id });
  }
}
