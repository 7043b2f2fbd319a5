import { Injectable } from '@nestjs/common';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import type { Person } from '../persons/person.entity';
import { PersonsService } from '../persons/persons.service';
import type { Environment } from '../tenants/environment';
import type { Device } from '../devices/device.entity';
import { DevicesService, IssuedEnrollmentCode } from '../devices/devices.service';
import { PasskeysService } from '../devices/passkeys.service';
import type { DevicePasskey } from '../devices/device-passkey.entity';
import { PersonAlreadyExistsError } from './errors/person-already-exists.error';
import { PersonNotFoundError } from './errors/person-not-found.error';
import { parsePersonClaims } from './person-claims';

export interface NewHolder {
  nin: string;
  environment: Environment;
  name: string;
  /** Claim values in the nested shape of spec 2.8, as the operator sent them; checked against the catalog here. */
  claims?: unknown;
}

/** A person and whether any active device of theirs is a digital ID. */
export interface Holder {
  person: Person;
  hasDigitalId: boolean;
}

export interface HolderWithDevices extends Holder {
  devices: Device[];
}

/** A passkey and the device it answers for. */
export interface DevicePasskeyOf {
  passkey: DevicePasskey;
  device: Device;
}

/**
 * The operator's side of holders: adding persons, looking them up with their devices, listing those and their
 * passkeys, and issuing enrollment codes.
 */
@Injectable()
export class AdminPersonsService {
  constructor(
    private readonly persons: PersonsService,
    private readonly devices: DevicesService,
    private readonly passkeys: PasskeysService,
  ) {}

  async create(input: NewHolder): Promise<Holder> {
    const claims = parsePersonClaims(input.claims ?? {});
    let person: Person;
    try {
      person = await this.persons.create({
        environment: input.environment,
        nin: input.nin,
        displayName: input.name,
        claims,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new PersonAlreadyExistsError(input.nin, input.environment);
      throw error;
    }
    // Devices belong to a NIN, not to a person record, so a NIN enrolled before the record existed already has one.
    return { person, hasDigitalId: await this.devices.hasDigitalId(input.nin, input.environment) };
  }

  async find(environment: Environment, nin: string): Promise<HolderWithDevices> {
    const person = await this.existing(environment, nin);
    const [devices, hasDigitalId] = await Promise.all([
      this.devices.activeDevicesOf(nin, environment),
      this.devices.hasDigitalId(nin, environment),
    ]);
    return { person, hasDigitalId, devices };
  }

  /** Every device of this person, revoked ones included; only for persons the service knows. */
  async devicesOf(environment: Environment, nin: string): Promise<Device[]> {
    await this.existing(environment, nin);
    return this.devices.devicesOf(nin, environment);
  }

  /** The passkeys of this person's devices, revoked ones (and those of revoked devices) included. */
  async passkeysOf(environment: Environment, nin: string): Promise<DevicePasskeyOf[]> {
    const devices = await this.devicesOf(environment, nin);
    const byId = new Map(devices.map((device) => [device.id, device]));
    const passkeys = await this.passkeys.passkeysOf(devices);
    return passkeys.map((passkey) => ({ passkey, device: byId.get(passkey.deviceId)! }));
  }

  /** A one-time code that enrolls one device for this person; only for persons the service knows. */
  async issueEnrollmentCode(environment: Environment, nin: string): Promise<IssuedEnrollmentCode> {
    await this.existing(environment, nin);
    return this.devices.issueEnrollmentCode(nin, environment);
  }

  private async existing(environment: Environment, nin: string): Promise<Person> {
    const person = await this.persons.find(environment, nin);
    if (!person) throw new PersonNotFoundError(nin, environment);
    return person;
  }
}
