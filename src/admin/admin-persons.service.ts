import { Injectable } from '@nestjs/common';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import type { Person } from '../persons/person.entity';
import { PersonsService } from '../persons/persons.service';
import type { Environment } from '../tenants/environment';
import type { Device } from '../devices/device.entity';
import { DevicesService, IssuedEnrollmentCode } from '../devices/devices.service';
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

/**
 * The operator's side of holders: adding persons, looking them up with their devices, listing those, and issuing
 * enrollment codes.
 */
@Injectable()
export class AdminPersonsService {
  constructor(
    private readonly persons: PersonsService,
    private readonly devices: DevicesService,
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
