import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, MoreThan, Not, Repository } from 'typeorm';
import { DevicePasskey } from './device-passkey.entity';
import { PasskeyChallenge } from './passkey-challenge.entity';

/** Devices' passkeys and the challenges issued for them. Private to the devices module. */
@Injectable()
export class PasskeyRepository {
  constructor(
    @InjectRepository(DevicePasskey) private readonly passkeys: Repository<DevicePasskey>,
    @InjectRepository(PasskeyChallenge) private readonly challenges: Repository<PasskeyChallenge>,
  ) {}

  findFor(deviceId: string): Promise<DevicePasskey | null> {
    return this.passkeys.findOneBy({ deviceId });
  }

  /** The passkeys of these devices, revoked ones included, oldest first. */
  findForDevices(deviceIds: string[]): Promise<DevicePasskey[]> {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return this.passkeys.find({ where: { deviceId: In(deviceIds) }, order: { createdAt: 'ASC' } });
  }

  /**
   * Writes a new passkey in place of a revoked one, if the device had one; a second working one for the device fails
   * with the database's unique violation.
   */
  async insert(fields: DevicePasskey): Promise<DevicePasskey> {
    await this.passkeys.delete({ deviceId: fields.deviceId, revokedAt: Not(IsNull()) });
    const passkey = this.passkeys.create(fields);
    await this.passkeys.insert(passkey);
    return passkey;
  }

  /** Marks the device's passkey revoked at `at` unless it already is: a compare-and-set, the first time kept. */
  async revoke(deviceId: string, at: number): Promise<void> {
    await this.passkeys.update({ deviceId, revokedAt: IsNull() }, { revokedAt: at });
  }

  async setSignCount(deviceId: string, signCount: number): Promise<void> {
    await this.passkeys.update({ deviceId }, { signCount });
  }

  async insertChallenge(challenge: PasskeyChallenge): Promise<void> {
    await this.challenges.insert(challenge);
  }

  async deleteChallengesExpiredBefore(before: number): Promise<void> {
    await this.challenges.delete({ expiresAt: LessThan(before) });
  }

  findChallenge(challenge: string): Promise<PasskeyChallenge | null> {
    return this.challenges.findOneBy({ challenge });
  }

  /** Marks the challenge used at `at` if, at the moment of writing, it is unused and unexpired; true when it was. */
  async spendChallenge(challenge: string, at: number): Promise<boolean> {
    const spent = await this.challenges.update(
      { challenge, usedAt: IsNull(), expiresAt: MoreThan(at) },
      { usedAt: at },
    );
    return spent.affected === 1;
  }
}
