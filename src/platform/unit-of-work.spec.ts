import { DataSource } from 'typeorm';
import { UnitOfWork } from './unit-of-work';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('UnitOfWork', () => {
  let dataSource: DataSource;
  let unitOfWork: UnitOfWork;
  const notes = async () =>
    (await dataSource.query<Array<{ text: string }>>('SELECT text FROM notes ORDER BY text')).map((row) => row.text);
  const note = (text: string) => unitOfWork.manager.query('INSERT INTO notes VALUES (?)', [text]);

  beforeAll(async () => {
    dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
    await dataSource.query('CREATE TABLE notes (text varchar(20))');
    unitOfWork = new UnitOfWork(dataSource);
  });
  afterAll(() => dataSource.destroy());
  beforeEach(() => dataSource.query('DELETE FROM notes'));

  it('lets what it calls join its transaction, which rolls back as a whole', async () => {
    const inner = new UnitOfWork(dataSource);
    await expect(
      unitOfWork.run(async () => {
        await note('outer');
        await inner.run(() => note('joined'));
        expect(inner.manager).toBe(unitOfWork.manager);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await notes()).toEqual([]);
  });

  it('answers the data source manager outside any unit of work', async () => {
    expect(unitOfWork.active).toBe(false);
    expect(unitOfWork.manager).toBe(dataSource.manager);
    await unitOfWork.run(async () => expect(unitOfWork.active).toBe(true));
  });

  it('runs after-commit effects once committed, outside the finished transaction, and none after a rollback', async () => {
    const seen: string[] = [];
    await unitOfWork.run(async () => {
      await note('kept');
      unitOfWork.afterCommit(() => seen.push(unitOfWork.active ? 'inside' : 'outside'));
      await nextTurn();
      expect(seen).toEqual([]);
    });
    await expect(
      unitOfWork.run(async () => {
        unitOfWork.afterCommit(() => seen.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await nextTurn();
    expect(seen).toEqual(['outside']);
  });

  it('runs an effect at once, and waits for it, when nothing is open', async () => {
    const seen: string[] = [];
    await unitOfWork.whenCommitted(async () => {
      await nextTurn();
      seen.push('done');
    });
    expect(seen).toEqual(['done']);
  });
});
