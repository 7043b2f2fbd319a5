import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { testConfig } from './support/test-config';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

describe(`migrations on ${dialect}`, () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(await testConfig()));
    await dataSource.initialize();
  });
  afterAll(() => dataSource.destroy());

  it('create exactly the schema the entities describe', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('have all run at start-up and leave nothing pending', async () => {
    await expect(dataSource.showMigrations()).resolves.toBe(false);
  });

  it('can be undone and applied again', async () => {
    const applied = await dataSource.query(`SELECT COUNT(*) AS count FROM migrations`);
    for (let undo = Number(applied[0].count); undo > 0; undo--) await dataSource.undoLastMigration();
    const emptied = await dataSource.driver.createSchemaBuilder().log();
    expect(emptied.upQueries.length).toBeGreaterThan(0);
    await dataSource.runMigrations();
    const again = await dataSource.driver.createSchemaBuilder().log();
    expect(again.upQueries).toEqual([]);
  });
});
