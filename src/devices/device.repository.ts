import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { UnitOfWork } from '../platform/unit-of-work';
import { DevicePushSubscription } from './device-push-subscription.entity';
import { Device } from './device.entity';
import { EnrollmentCode } from './enrollment-code.entity';

/** What a revocation did: the device as it is now (null when there is none), and whether this call revoked it. */
export interface DeviceRevocation {
  device: Device | null;
  revoked: boolean;
}

/**
 * The Device table and its enrollment codes: enrolling by a code, reads by id and by NIN, and revoking. Private to the
 * devices module: other modules reach devices through DevicesService.
 */
@Injectable()
export class DeviceRepository {
  constructor(
    @InjectRepository(Device) private readonly devices: Repository<Device>,
    @InjectRepository(EnrollmentCode) private readonly codes: Repository<EnrollmentCode>,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async insertEnrollmentCode(code: EnrollmentCode): Promise<void> {
    await this.codes.insert(code);
  }

  findEnrollmentCode(codeDigest: string): Promise<EnrollmentCode | null> {
    return this.codes.findOneBy({ codeDigest });
  }

  /** Writes a new device; a key already enrolled fails with the database's unique violation. */
  async insert(fields: Device): Promise<Device> {
    const device = this.devices.create(fields);
    await this.devices.insert(device);
    return device;
  }

  /**
   * Spends the enrollment code (compare-and-set: unspent at the moment of writing) and writes the new device, in one
   * transaction: a device refused by the database keeps the code unspent. Null when the code was spent already.
   */
  insertSpendingCode(codeDigest: string, usedAt: number, fields: Device): Promise<Device | null> {
    return this.devices.manager.transaction(async (manager) => {
      const spent = await manager.getRepository(EnrollmentCode).update({ codeDigest, usedAt: IsNull() }, { usedAt });
      if (spent.affected !== 1) return null;
      const devices = manager.getRepository(Device);
      const device = devices.create(fields);
      await devices.insert(device);
      return device;
    });
  }

  findById(id: string): Promise<Device | null> {
    return this.devices.findOneBy({ id });
  }

  findByIdOrFail(id: string): Promise<Device> {
    return this.devices.findOneByOrFail({ id });
  }

  existsWithThumbprint(thumbprint: string): Promise<boolean> {
    return this.devices.existsBy({ thumbprint });
  }

  /** The NIN's devices not revoked, oldest first. */
  activeOf(nin: string, environment: Device['environment']): Promise<Device[]> {
    return this.devices.find({ where: { nin, environment, revokedAt: IsNull() }, order: { createdAt: 'ASC' } });
  }

  /** Every device ever enrolled for the NIN, revoked ones included, oldest first. */
  allOf(nin: string, environment: Device['environment']): Promise<Device[]> {
    return this.devices.find({ where: { nin, environment }, order: { createdAt: 'ASC' } });
  }

  countActiveOf(nin: string, environment: Device['environment']): Promise<number> {
    return this.devices.countBy({ nin, environment, revokedAt: IsNull() });
  }

  /**
   * Marks the device revoked at `at` unless it already is (compare-and-set) and, when this call did, forgets its push
   * subscription, in the unit of work open (the revocation's, which its hooks join).
   */
  async revoke(deviceId: string, at: number): Promise<DeviceRevocation> {
    const manager = this.unitOfWork.manager;
    const devices = manager.getRepository(Device);
    const { affected } = await devices.update({ id: deviceId, revokedAt: IsNull() }, { revokedAt: at });
    const device = await devices.findOneBy({ id: deviceId });
    if (affected !== 1 || !device) return { device, revoked: false };
    await manager.delete(DevicePushSubscription, { deviceId });
    return { device, revoked: true };
  }
}
