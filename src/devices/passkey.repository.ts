import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, MoreThan, Repository } from 'typeorm';
import { DevicePasskey } from './device-passkey.entity';
import { PasskeyChallenge } from './passkey-challenge.entity';

/** Devices' passkeys and the challenges issued for them. Private to the devices module. */
@Injectable()
export class PasskeyRepository {
  constructor(
    @InjectRepository(DevicePasskey) private readonly passkeys: Repository<DevicePasskey>,
    @InjectRepository(PasskeyChallenge) private readonly challenges: Repository<PasskeyChallenge>,
  ) {}

  existsFor(deviceId: string): Promise<boolean> {
    return this.passkeys.existsBy({ deviceId });
  }

  findFor(deviceId: string): Promise<DevicePasskey | null> {
    return this.passkeys.findOneBy({ deviceId });
  }

  /** Writes a new passkey; a second one for the device fails with the database's unique violation. */
  async insert(fields: DevicePasskey): Promise<DevicePasskey> {
    const passkey = this.passkeys.create(fields);
    await this.passkeys.insert(passkey);
    return passkey;
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
