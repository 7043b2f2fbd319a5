import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Consumer } from './consumer.entity';

/** The consumers table. */
@Injectable()
export class ConsumerRepository {
  constructor(@InjectRepository(Consumer) private readonly consumers: Repository<Consumer>) {}

  /** Writes a new consumer; answers it as saved. */
  add(fields: Consumer): Promise<Consumer> {
    return this.consumers.save(this.consumers.create(fields));
  }

  find(consumerId: string): Promise<Consumer | null> {
    return this.consumers.findOneBy({ id: consumerId });
  }

  /** Every consumer, oldest first. */
  all(): Promise<Consumer[]> {
    return this.consumers.find({ order: { createdAt: 'ASC' } });
  }
}
