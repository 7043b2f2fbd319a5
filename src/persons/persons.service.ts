import { Injectable } from '@nestjs/common';
import type { Environment } from '../tenants/environment';
import type { ClaimValues } from './claim-values';
import type { Person } from './person.entity';
import { PersonRepository } from './person.repository';

export interface NewPerson {
  environment: Environment;
  nin: string;
  displayName: string;
  claims: ClaimValues;
  synthetic?: boolean;
}

/** Holders known by NIN, one record per environment. */
@Injectable()
export class PersonsService {
  constructor(private readonly persons: PersonRepository) {}

  async find(environment: Environment, nin: string): Promise<Person | null> {
    return this.persons.find(environment, nin);
  }

  /** Adds a person; a NIN already known in that environment fails on the primary key. */
  async create(input: NewPerson): Promise<Person> {
    return this.persons.insert(this.record(input));
  }

  /**
   * The person of this NIN, added first when absent. An existing record is kept as it is, so seeding twice, or two
   * seeders at once, never duplicates or rewrites anyone.
   */
  async ensure(input: NewPerson): Promise<Person> {
    return this.persons.insertOrKeep(this.record(input));
  }

  private record(input: NewPerson): Person {
    return { ...input, synthetic: input.synthetic ?? false, createdAt: Date.now() };
  }
}
