import { Injectable } from '@nestjs/common';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { sha256Hex } from '../common/crypto/digest';
import { randomBase62 } from '../common/ids/random-id';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import type { Environment } from '../tenants/environment';
import { UnitOfWork } from '../platform/unit-of-work';
import type { ProvenKey } from './proven-key';
import { Device } from './device.entity';
import { DeviceRepository } from './device.repository';
import { DeviceRevocationHooks } from './device-revocation.hooks';
import { DeviceNotFoundError } from './errors/device-not-found.error';
import { EnrollmentCodeInvalidError } from './errors/enrollment-code-invalid.error';
import { KeyAlreadyEnrolledError } from './errors/key-already-enrolled.error';

const ENROLLMENT_CODE_TTL_MS = 24 * 60 * 60 * 1000;

export interface IssuedEnrollmentCode {
  code: string;
  nin: string;
  environment: Environment;
  /** Unix seconds. */
  expiresAt: number;
}

/** Devices of holders: enrollment with one-time codes, lookup by NIN, and the sandbox's virtual devices. */
@Injectable()
export class DevicesService {
  private readonly virtualKeys: SealedColumn<Device>;

  constructor(
    private readonly devices: DeviceRepository,
    sealedColumns: SealedColumns,
    private readonly revocationHooks: DeviceRevocationHooks,
    private readonly unitOfWork: UnitOfWork,
  ) {
    this.virtualKeys = sealedColumns.register({ entity: Device, idProperty: 'id', valueProperty: 'virtualPrivateJwk' });
  }

  /** The private JWK of a sandbox person's virtual device, kept sealed; undefined for a real device. */
  virtualPrivateJwkOf(device: Device): string | undefined {
    if (device.virtualPrivateJwk === null) return undefined;
    return this.virtualKeys.open(device.id, device.virtualPrivateJwk);
  }

  /** A one-time code, valid a day, that enrolls one device for this NIN. */
  async issueEnrollmentCode(nin: string, environment: Environment): Promise<IssuedEnrollmentCode> {
    const code = `${randomBase62(4)}-${randomBase62(4)}-${randomBase62(4)}`;
    const now = Date.now();
    const expiresAt = now + ENROLLMENT_CODE_TTL_MS;
    await this.devices.insertEnrollmentCode({
      codeDigest: sha256Hex(code),
      nin,
      environment,
      createdAt: now,
      expiresAt,
      usedAt: null,
    });
    return { code, nin, environment, expiresAt: Math.floor(expiresAt / 1000) };
  }

  /** Spends the code (once, even when two devices race for it) and registers the key that proved itself. */
  async enroll(code: string, key: ProvenKey, label: string): Promise<Device> {
    const digest = sha256Hex(code);
    const now = Date.now();
    const entry = await this.devices.findEnrollmentCode(digest);
    if (!entry || entry.expiresAt <= now) throw new EnrollmentCodeInvalidError();
    // Checked before the code is spent, so a key enrolled twice does not cost the holder their code.
    if (await this.devices.existsWithThumbprint(key.thumbprint)) throw new KeyAlreadyEnrolledError();
    // Spent in the transaction that registers the device: an enrollment refused there (the same key enrolled by a
    // request that passed the check above at the same moment) keeps its code.
    const fields = this.newDevice(entry.nin, entry.environment, { ...key, label, virtualPrivateJwk: null });
    const device = await this.keyOnce(this.devices.insertSpendingCode(digest, now, fields));
    if (!device) throw new EnrollmentCodeInvalidError();
    return device;
  }

  /** The device with this id, revoked or not. */
  async find(deviceId: string): Promise<Device> {
    const device = await this.devices.findById(deviceId);
    if (!device) throw new DeviceNotFoundError();
    return device;
  }

  /** The enrolled device with this id, unless it was revoked. */
  async findActive(deviceId: string): Promise<Device | null> {
    const device = await this.devices.findById(deviceId);
    return device && device.revokedAt === null ? device : null;
  }

  async activeDevicesOf(nin: string, environment: Environment): Promise<Device[]> {
    return this.devices.activeOf(nin, environment);
  }

  /** Every device ever enrolled for the NIN, revoked ones included, oldest first. */
  async devicesOf(nin: string, environment: Environment): Promise<Device[]> {
    return this.devices.allOf(nin, environment);
  }

  /**
   * Revokes the device. Every Wallet API request reads its device afresh (no instance caches one), so the next request
   * it signs is refused, on every instance. What other modules attach to a revocation (the open flows the device holds
   * end) commits in the same transaction, and so does forgetting its push subscription. Revoking twice keeps the first time, and does that work once.
   */
  async revoke(deviceId: string): Promise<Device> {
    // A revoked device gets no more notices, and its push endpoint and secret are not kept for nothing: the
    // repository forgets its subscription in the revocation's unit of work, which the hooks join.
    return this.unitOfWork.run(async () => {
      const { device, revoked } = await this.devices.revoke(deviceId, Date.now());
      if (!device) throw new DeviceNotFoundError();
      if (revoked) await this.revocationHooks.run(device);
      return device;
    });
  }

  async hasDigitalId(nin: string, environment: Environment): Promise<boolean> {
    return (await this.devices.countActiveOf(nin, environment)) > 0;
  }

  /**
   * The built-in device of a synthetic sandbox person, made on first use. Its id is derived from the NIN, so
   * simultaneous first uses agree on one device.
   */
  async virtualDeviceOf(nin: string): Promise<Device> {
    const id = `dev_sandbox_${nin}`;
    const existing = await this.devices.findById(id);
    if (existing) return existing;
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const publicJwk = await exportJWK(publicKey);
    try {
      const fields = this.newDevice(nin, 'sandbox', {
        id,
        alg: 'EdDSA',
        publicJwk,
        thumbprint: await calculateJwkThumbprint(publicJwk),
        label: 'Sandbox virtual device',
        virtualPrivateJwk: this.virtualKeys.seal(id, JSON.stringify(await exportJWK(privateKey))),
      });
      return await this.keyOnce(this.devices.insert(fields));
    } catch (error) {
      if (error instanceof KeyAlreadyEnrolledError) return this.devices.findByIdOrFail(id);
      throw error;
    }
  }

  private newDevice(
    nin: string,
    environment: Environment,
    key: ProvenKey & { id?: string; label: string; virtualPrivateJwk: string | null },
  ): Device {
    return {
      id: key.id ?? `dev_${randomBase62(24)}`,
      nin,
      environment,
      alg: key.alg,
      publicJwk: JSON.stringify(key.publicJwk),
      thumbprint: key.thumbprint,
      label: key.label,
      virtualPrivateJwk: key.virtualPrivateJwk,
      createdAt: Date.now(),
      revokedAt: null,
    };
  }

  /** A key is enrolled once: the database's unique violation on a second insert is KeyAlreadyEnrolledError. */
  private async keyOnce<T>(insert: Promise<T>): Promise<T> {
    try {
      return await insert;
    } catch (error) {
      if (isUniqueViolation(error)) throw new KeyAlreadyEnrolledError();
      throw error;
    }
  }
}
