import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ConsumerApp } from './consumer-app.entity';

/** The apps table. */
@Injectable()
export class ConsumerAppRepository {
  constructor(@InjectRepository(ConsumerApp) private readonly apps: Repository<ConsumerApp>) {}

  /** Writes a new app; answers it as saved. */
  add(fields: Omit<ConsumerApp, 'consumer'>): Promise<ConsumerApp> {
    return this.apps.save(this.apps.create(fields));
  }

  /** Writes the app's changed fields; answers it as saved. */
  save(app: ConsumerApp): Promise<ConsumerApp> {
    return this.apps.save(app);
  }

  find(appId: string): Promise<ConsumerApp | null> {
    return this.apps.findOneBy({ id: appId });
  }

  /** Every app, or those of one consumer, oldest first. */
  list(consumerId?: string): Promise<ConsumerApp[]> {
    return this.apps.find({ where: consumerId === undefined ? {} : { consumerId }, order: { createdAt: 'ASC' } });
  }
}
