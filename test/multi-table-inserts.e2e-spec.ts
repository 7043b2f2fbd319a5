import { DataSource } from 'typeorm';
import { PARENT_CHILD_ENTITIES, useParentChildTables } from './support/parent-child-tables';
import { statementLogger } from './support/statement-logger';
import { createSchema } from './support/test-config';

const describePostgres = process.env.DATABASE_URL ? describe : describe.skip;

/**
 * Flow creates insert the flow and its codes with `BatchedTransactions.insert`; on PostgreSQL that is one statement
 * rather than a transaction, and these are the promises it keeps there.
 */
describePostgres('inserting into several tables at once, on PostgreSQL', () => {
  const log: string[] = [];
  const tables = useParentChildTables(async () => {
    const url = process.env.DATABASE_URL as string;
    const schema = await createSchema(url);
    const dataSource = await new DataSource({
      type: 'postgres',
      url,
      schema,
      extra: { options: `-c search_path=${schema}` },
      entities: PARENT_CHILD_ENTITIES,
      synchronize: true,
      logging: ['query'],
      logger: statementLogger(log),
    }).initialize();
    // Checked at the end of each statement, as the foreign keys of idflow's own tables are.
    await dataSource.query('ALTER TABLE children ADD FOREIGN KEY (parent) REFERENCES parents (id)');
    return dataSource;
  }, log);

  it('sends one statement, whose children may name a parent inserted by it', async () => {
    await tables.transactions.insert([
      { statements: tables.parents, rows: [{ id: 'p1' }, { id: 'p2' }] },
      { statements: tables.children, rows: [] },
      { statements: tables.children, rows: [{ id: 'c1', parent: 'p2' }] },
    ]);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(
      /^WITH inserted_0 AS \(INSERT INTO (?:"\w+"\.)?"parents" .*\) INSERT INTO (?:"\w+"\.)?"children"/,
    );
    expect(await tables.stored()).toEqual({ parents: ['p1', 'p2'], children: ['c1'] });
  });

  it('inserts nothing when a row of any table is refused', async () => {
    const orphan = tables.transactions.insert([
      { statements: tables.parents, rows: [{ id: 'p3' }] },
      { statements: tables.children, rows: [{ id: 'c2', parent: 'nobody' }] },
    ]);
    await expect(orphan).rejects.toThrow(/foreign key/);
    expect(await tables.stored()).toEqual({ parents: [], children: [] });
  });

  it('sends its statement in the unit of work of its caller, and rolls back with it', async () => {
    await tables.unitOfWork.run(async () => {
      await tables.transactions.insert([{ statements: tables.parents, rows: [{ id: 'p4' }] }]);
      await tables.unitOfWork.manager.query(`INSERT INTO children VALUES ('c3', 'p4')`);
    });
    expect(log[0]).toBe('START TRANSACTION');
    expect(log.at(-1)).toBe('COMMIT');
    const failing = tables.unitOfWork.run(async () => {
      await tables.transactions.insert([{ statements: tables.parents, rows: [{ id: 'p5' }] }]);
      throw new Error('refused alongside');
    });
    await expect(failing).rejects.toThrow('refused alongside');
    expect(await tables.stored()).toEqual({ parents: ['p4'], children: ['c3'] });
  });
});
