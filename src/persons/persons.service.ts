import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Environment } from '../tenants/environment';
import type { ClaimValues } from './claim-values';
import { Person } from './person.entity';

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
  constructor(@InjectRepository(Person) private readonly persons: Repository<Person>) {}

  async find(environment: Environment, nin: string): Promise<Person | null> {
    return this.persons.findOneBy({ environment, nin });
  }

  /** Adds a person; a NIN already known in that environment fails on the primary key. */
  async create(input: NewPerson): Promise<Person> {
    const person = this.record(input);
    // insert, not save: save would quietly overwrite the person who already holds this NIN.
    await this.persons.insert(person);
    return person;
  }

  /**
   * The person of this NIN, added first when absent. An existing record is kept as it is, so seeding twice, or two
   * seeders at once, never duplicates or rewrites anyone.
   */
  async ensure(input: NewPerson): Promise<Person> {
    await this.persons.createQueryBuilder().insert().into(Person).values(this.record(input)).orIgnore().execute();
    return this.persons.findOneByOrFail({ environment: input.environment, nin: input.nin });
  }

  private record(input: NewPerson): Person {
    return this.persons.create({ ...input, synthetic: input.synthetic ?? false, createdAt: Date.now() });
  }
}
