import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Environment } from '../tenants/environment';
import { Person } from './person.entity';

/** The persons table, one row per NIN and environment. */
@Injectable()
export class PersonRepository {
  constructor(@InjectRepository(Person) private readonly persons: Repository<Person>) {}

  find(environment: Environment, nin: string): Promise<Person | null> {
    return this.persons.findOneBy({ environment, nin });
  }

  /** Writes a new person; a NIN already known in that environment fails on the primary key. */
  async insert(fields: Person): Promise<Person> {
    const person = this.persons.create(fields);
    // insert, not save: save would quietly overwrite the person who already holds this NIN.
    await this.persons.insert(person);
    return person;
  }

  /** Writes a new person unless the NIN is already known in that environment; answers the person stored. */
  async insertOrKeep(fields: Person): Promise<Person> {
    await this.persons
      .createQueryBuilder()
      .insert()
      .into(Person)
      .values(this.persons.create(fields))
      .orIgnore()
      .execute();
    return this.persons.findOneByOrFail({ environment: fields.environment, nin: fields.nin });
  }
}
