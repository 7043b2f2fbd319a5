import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource } from 'typeorm';
import { inMemoryDataSource } from '../../test/support/in-memory-data-source';
import { PARENT_CHILD_ENTITIES, useParentChildTables } from '../../test/support/parent-child-tables';
import { UnitOfWork } from './unit-of-work';
import { BatchedTransactions } from './batched-transactions';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedTransactions on SQLite', () => {
  let dataSource: DataSource;
  const log: string[] = [];
  const statements = (start: string) => log.filter((statement) => statement.startsWith(start));
  let unitOfWork: UnitOfWork;
  const note = (text: string) => () => unitOfWork.manager.query('INSERT INTO notes VALUES (?)', [text]);
  const notes = async () =>
    (await dataSource.query<Array<{ text: string }>>('SELECT text FROM notes ORDER BY text')).map((row) => row.text);

  beforeAll(async () => {
    dataSource = await inMemoryDataSource([], log);
    unitOfWork = new UnitOfWork(dataSource);
    await dataSource.query('CREATE TABLE notes (text varchar(20))');
    await dataSource.query('CREATE TABLE parents (id varchar(20) PRIMARY KEY)');
    await dataSource.query(
      'CREATE TABLE children (parent varchar(20) REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)',
    );
  });
  afterAll(() => dataSource.destroy());
  beforeEach(async () => {
    await dataSource.query('DELETE FROM notes');
    log.length = 0;
  });

  it('commits the transactions asked for in one turn once, in one transaction without savepoints', async () => {
    const transactions = new BatchedTransactions(dataSource);
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((text) => transactions.run(async () => (await note(text)(), text))),
    );
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(await notes()).toEqual(['a', 'b', 'c']);
    expect(statements('BEGIN')).toHaveLength(1);
    expect(statements('COMMIT')).toHaveLength(1);
    expect(statements('SAVEPOINT')).toHaveLength(0);
  });

  it('gathers what separate callbacks of one turn ask for, as requests arriving together do', async () => {
    const transactions = new BatchedTransactions(dataSource);
    await Promise.all(
      ['d', 'e'].map((text) => new Promise((resolve) => setImmediate(() => resolve(transactions.run(note(text)))))),
    );
    expect(await notes()).toEqual(['d', 'e']);
    expect(statements('COMMIT')).toHaveLength(1);
  });

  it('rolls back a failing transaction alone, gives its caller its error and runs the others again', async () => {
    const transactions = new BatchedTransactions(dataSource);
    const failing = async () => {
      await note('lost')();
      throw new Error('refused');
    };
    const answers = await Promise.allSettled([
      transactions.run(note('kept 1')),
      transactions.run(failing),
      transactions.run(note('kept 2')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((answers[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(await notes()).toEqual(['kept 1', 'kept 2']);
    // The batch's transaction, then one for each of its three transactions.
    expect(statements('BEGIN')).toHaveLength(4);
    expect(statements('COMMIT')).toHaveLength(2);
  });

  it('fails only the caller whose work a failed commit refused, and commits the others', async () => {
    const transactions = new BatchedTransactions(dataSource);
    // A deferred foreign key is checked at COMMIT, after every work of the batch has run.
    const orphan = () => unitOfWork.manager.query(`INSERT INTO children VALUES ('nobody')`);
    const answers = await Promise.allSettled([transactions.run(note('kept')), transactions.run(orphan)]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected']);
    expect(String((answers[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await notes()).toEqual(['kept']);
    expect(await dataSource.query('SELECT parent FROM children')).toEqual([]);
    expect(await transactions.run(note('after'))).toBeDefined();
    expect(await notes()).toEqual(['after', 'kept']);
  });

  it('runs each transaction in its caller\u2019s async context, and lets each caller go on in a turn of its own', async () => {
    const transactions = new BatchedTransactions(dataSource);
    const context = new AsyncLocalStorage<string>();
    const steps: string[] = [];
    await Promise.all(
      ['r1', 'r2'].map((request) =>
        context.run(request, async () => {
          await transactions.run(async () => {
            steps.push(`${context.getStore()} writes`);
            await note(request)();
          });
          steps.push(`${request} goes on`);
          await Promise.resolve();
          steps.push(`${request} answers`);
        }),
      ),
    );
    expect(steps).toEqual(['r1 writes', 'r2 writes', 'r1 goes on', 'r1 answers', 'r2 goes on', 'r2 answers']);
  });

  it('runs after-commit effects once the batch commits, each once, but not those of a failed work', async () => {
    const transactions = new BatchedTransactions(dataSource);
    const effects: string[] = [];
    const noted =
      (text: string, fails = false) =>
      async () => {
        await note(text)();
        unitOfWork.afterCommit(() => effects.push(text));
        if (fails) throw new Error('refused');
      };
    await Promise.allSettled([transactions.run(noted('kept')), transactions.run(noted('lost', true))]);
    await nextTurn();
    expect(effects).toEqual(['kept']);
  });

  it('joins the unit of work already open instead of queueing behind it', async () => {
    const transactions = new BatchedTransactions(dataSource);
    await expect(
      unitOfWork.run(async () => {
        await transactions.run(note('joined'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await notes()).toEqual([]);
    expect(statements('BEGIN')).toHaveLength(1);
  });
});

describe('BatchedTransactions.insert on SQLite', () => {
  const log: string[] = [];
  const tables = useParentChildTables(() => inMemoryDataSource(PARENT_CHILD_ENTITIES, log), log);

  it('inserts into the tables in the order given, in the unit of work of its caller', async () => {
    await tables.unitOfWork.run(async () => {
      await tables.transactions.insert([
        { statements: tables.parents, rows: [{ id: 'p1' }] },
        { statements: tables.children, rows: [] },
        { statements: tables.children, rows: [{ id: 'c1', parent: 'p1' }] },
      ]);
      await tables.unitOfWork.manager.query(`INSERT INTO children VALUES ('c2', 'p1')`);
    });
    expect(log.map((statement) => statement.split(' (')[0])).toEqual([
      'BEGIN TRANSACTION',
      'INSERT INTO "parents"',
      'INSERT INTO "children"',
      `INSERT INTO children VALUES`,
      'COMMIT',
    ]);
    expect(await tables.stored()).toEqual({ parents: ['p1'], children: ['c1', 'c2'] });
  });

  it('inserts nothing when a row is refused or the rest of its unit of work fails', async () => {
    const refused = tables.transactions.insert([
      { statements: tables.parents, rows: [{ id: 'p1' }] },
      {
        statements: tables.children,
        rows: [
          { id: 'twice', parent: 'p1' },
          { id: 'twice', parent: 'p1' },
        ],
      },
    ]);
    await expect(refused).rejects.toThrow(/UNIQUE/);
    const failing = tables.unitOfWork.run(async () => {
      await tables.transactions.insert([{ statements: tables.parents, rows: [{ id: 'p2' }] }]);
      throw new Error('refused alongside');
    });
    await expect(failing).rejects.toThrow('refused alongside');
    expect(await tables.stored()).toEqual({ parents: [], children: [] });
  });
});
