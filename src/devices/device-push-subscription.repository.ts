import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Environment } from '../tenants/environment';
import { DevicePushSubscription } from './device-push-subscription.entity';
import { Device } from './device.entity';

/** Devices' push subscriptions, one a device. Private to the devices module. */
@Injectable()
export class DevicePushSubscriptionRepository {
  constructor(
    @InjectRepository(DevicePushSubscription) private readonly subscriptions: Repository<DevicePushSubscription>,
  ) {}

  /** Writes the device's subscription, replacing the one it had. */
  async upsert(subscription: DevicePushSubscription): Promise<void> {
    await this.subscriptions.upsert(subscription, ['deviceId']);
  }

  findFor(deviceId: string): Promise<DevicePushSubscription | null> {
    return this.subscriptions.findOneBy({ deviceId });
  }

  existsFor(deviceId: string): Promise<boolean> {
    return this.subscriptions.existsBy({ deviceId });
  }

  /** Deletes the device's subscription if it is still the one last written at `updatedAt`. */
  async deleteIfUnchanged(deviceId: string, updatedAt: number): Promise<void> {
    await this.subscriptions.delete({ deviceId, updatedAt });
  }

  /** The active devices of these NINs that have a subscription, oldest first, in one query. */
  subscribedDevicesOf(nins: string[], environment: Environment): Promise<Device[]> {
    return this.subscriptions.manager
      .getRepository(Device)
      .createQueryBuilder('device')
      .innerJoin(DevicePushSubscription, 'push', 'push.device_id = device.id')
      .where('device.nin IN (:...nins) AND device.environment = :environment', { nins, environment })
      .andWhere('device.revoked_at IS NULL')
      .orderBy('device.created_at', 'ASC')
      .getMany();
  }
}
