import { DataSource } from 'typeorm';
import { afterCommit } from './after-commit';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('afterCommit', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
    await dataSource.query('CREATE TABLE notes (text varchar(20))');
  });
  afterAll(() => dataSource.destroy());

  it('calls back only once the outermost transaction has committed', async () => {
    const seen: string[] = [];
    await dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO notes VALUES ('a')`);
      afterCommit(manager, () => seen.push('committed'));
      await manager.transaction(async (inner) => {
        await inner.query(`INSERT INTO notes VALUES ('b')`);
      });
      await nextTurn();
      expect(seen).toEqual([]);
    });
    await nextTurn();
    expect(seen).toEqual(['committed']);
  });

  it('never calls back when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(
      dataSource.transaction(async (manager) => {
        afterCommit(manager, () => seen.push('committed'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await nextTurn();
    expect(seen).toEqual([]);
  });

  it('drops the callbacks of a savepoint that rolls back, and keeps those of the transaction around it', async () => {
    const seen: string[] = [];
    await dataSource.transaction(async (manager) => {
      afterCommit(manager, () => seen.push('outer'));
      await expect(
        manager.transaction(async (inner) => {
          afterCommit(inner, () => seen.push('rolled back'));
          throw new Error('roll back the savepoint');
        }),
      ).rejects.toThrow('roll back the savepoint');
      await manager.transaction(async (inner) => {
        afterCommit(inner, () => seen.push('released'));
      });
    });
    await nextTurn();
    expect(seen).toEqual(['outer', 'released']);
  });

  it('keeps the callbacks of a savepoint released before a sibling savepoint rolls back', async () => {
    const seen: string[] = [];
    await dataSource.transaction(async (manager) => {
      await manager.transaction(async (inner) => {
        afterCommit(inner, () => seen.push('released'));
      });
      await expect(
        manager.transaction(async (inner) => {
          afterCommit(inner, () => seen.push('rolled back'));
          throw new Error('roll back the sibling');
        }),
      ).rejects.toThrow('roll back the sibling');
    });
    await nextTurn();
    expect(seen).toEqual(['released']);
  });

  it('calls back on the next turn when the manager is in no transaction', async () => {
    const seen: string[] = [];
    afterCommit(dataSource.manager, () => seen.push('now'));
    expect(seen).toEqual([]);
    await nextTurn();
    expect(seen).toEqual(['now']);
  });
});
