import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import { dataSourceOptions } from '../database/data-source-options';
import { Person } from './person.entity';
import { PersonRepository } from './person.repository';
import { NewPerson, PersonsService } from './persons.service';

describe('PersonsService', () => {
  let dataSource: DataSource;
  let persons: PersonsService;
  const ada: NewPerson = {
    environment: 'sandbox',
    nin: '10000000001',
    displayName: 'Ada Obi',
    claims: { naming: { given: 'Ada', family: 'Obi' } },
    synthetic: true,
  };

  beforeAll(async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'idflow-persons-')), 'idflow.sqlite');
    dataSource = await new DataSource(
      dataSourceOptions({ DATABASE_PATH: databasePath, MIGRATIONS_RUN: true }),
    ).initialize();
    persons = new PersonsService(new PersonRepository(dataSource.getRepository(Person)));
  });
  afterAll(() => dataSource.destroy());

  it('creates a person and finds them by environment and NIN', async () => {
    await persons.create({ ...ada, nin: '20000000001', synthetic: undefined });
    await expect(persons.find('sandbox', '20000000001')).resolves.toMatchObject({
      displayName: 'Ada Obi',
      claims: ada.claims,
      synthetic: false,
    });
    await expect(persons.find('production', '20000000001')).resolves.toBeNull();
  });

  it('refuses to create the same NIN twice in one environment, but allows it in the other', async () => {
    await persons.create({ ...ada, nin: '20000000002' });
    const duplicate: unknown = await persons.create({ ...ada, nin: '20000000002' }).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    await expect(persons.create({ ...ada, nin: '20000000002', environment: 'production' })).resolves.toBeDefined();
  });

  it('ensures a person once and keeps the first record on later calls', async () => {
    const first = await persons.ensure(ada);
    const again = await persons.ensure({ ...ada, displayName: 'Someone else', claims: {} });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ nin: ada.nin, displayName: 'Ada Obi', claims: ada.claims, synthetic: true });
    await expect(dataSource.getRepository(Person).countBy({ nin: ada.nin })).resolves.toBe(1);
  });

  it('lets simultaneous seeders agree on one record', async () => {
    const seeded = await Promise.all([1, 2, 3].map(() => persons.ensure({ ...ada, nin: '20000000003' })));
    expect(new Set(seeded.map((person) => person.createdAt)).size).toBe(1);
  });
});
