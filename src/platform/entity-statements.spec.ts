import { Column, type DataSource, Entity, PrimaryColumn } from 'typeorm';
import { inMemoryDataSource } from '../../test/support/in-memory-data-source';
import { epochMsColumn } from '../common/persistence/column-types';
import { EntityStatements } from './entity-statements';
import { UnitOfWork } from './unit-of-work';

@Entity({ name: 'samples' })
class Sample {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 32, name: 'display_name' })
  displayName: string;

  @Column({ type: 'simple-json', nullable: true })
  tags: string[] | null;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  @Column({ ...epochMsColumn, name: 'ended_at', nullable: true })
  endedAt: number | null;
}

describe('EntityStatements', () => {
  let dataSource: DataSource;
  const statements: string[] = [];

  beforeAll(async () => {
    dataSource = await inMemoryDataSource([Sample], statements);
  });
  afterAll(() => dataSource.destroy());

  const sample = (id: string, createdAt: number): Sample =>
    Object.assign(new Sample(), { id, displayName: `Sample ${id}`, tags: ['a', 'b'], createdAt, endedAt: null });

  it('reads back by primary key exactly what findOneBy reads, and null for an unknown key', async () => {
    const repository = dataSource.getRepository(Sample);
    const rows = new EntityStatements(repository);
    await rows.insertMany([sample('s1', 1_795_000_000_000), { ...sample('s2', 5), tags: null, endedAt: 7 }]);
    for (const id of ['s1', 's2']) {
      const found = await rows.findById(id);
      expect(found).toBeInstanceOf(Sample);
      expect(found).toEqual(await repository.findOneBy({ id }));
    }
    await expect(rows.findById('s3')).resolves.toBeNull();
  });

  it('binds every value, so the same statement text serves every call and is prepared once', async () => {
    const rows = new EntityStatements(dataSource.getRepository(Sample));
    statements.length = 0;
    await rows.insertMany([sample('t1', 1)]);
    await rows.insertMany([sample('t2', 2)]);
    await rows.findById('t1');
    await rows.findById('t2');
    expect(statements).toHaveLength(4);
    expect(new Set(statements).size).toBe(2);
    expect(statements.join('\n')).not.toMatch(/t1|t2|Sample/);
  });

  it('keeps the statement of each number of rows for the next insert of as many', async () => {
    const rows = new EntityStatements(dataSource.getRepository(Sample));
    statements.length = 0;
    await rows.insertMany([sample('c1', 1)]);
    await rows.insertMany([sample('c2', 2), sample('c3', 3)]);
    await rows.insertMany([sample('c4', 4)]);
    expect(statements).toHaveLength(3);
    expect(statements[2]).toBe(statements[0]);
    expect(statements[1]).not.toBe(statements[0]);
    const found = await rows.findManyById(['c1', 'c2', 'c3', 'c4']);
    expect(found.map((row) => row?.createdAt)).toEqual([1, 2, 3, 4]);
  });

  it('inserts inside the open unit of work, and nothing when its transaction fails', async () => {
    const rows = new EntityStatements(dataSource.getRepository(Sample));
    await expect(
      new UnitOfWork(dataSource).run(async () => {
        await rows.insertMany([sample('u1', 1)]);
        await expect(rows.findById('u1')).resolves.toMatchObject({ id: 'u1' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(rows.findById('u1')).resolves.toBeNull();
  });

  it('reads many by primary key in one statement, in the order asked, with null for unknown keys', async () => {
    const repository = dataSource.getRepository(Sample);
    const rows = new EntityStatements(repository);
    await rows.insertMany([sample('m1', 1), { ...sample('m2', 2), tags: null, endedAt: 9 }]);
    statements.length = 0;
    const found = await rows.findManyById(['m2', 'nobody', 'm1', 'm2']);
    expect(statements).toHaveLength(1);
    expect(found[0]).toBeInstanceOf(Sample);
    expect(found).toEqual([
      await repository.findOneBy({ id: 'm2' }),
      null,
      await repository.findOneBy({ id: 'm1' }),
      await repository.findOneBy({ id: 'm2' }),
    ]);
    await expect(rows.findManyById([])).resolves.toEqual([]);
  });

  it('answers the earliest due time among the rows asked for, null when none has one, in one unchanging statement', async () => {
    const rows = new EntityStatements(dataSource.getRepository(Sample));
    await expect(
      rows.earliest('endedAt', { column: 'displayName', values: ['Sample e1', 'Sample e2'] }),
    ).resolves.toBeNull();
    await rows.insertMany([
      { ...sample('e1', 1), endedAt: 30 },
      { ...sample('e2', 2), endedAt: 20 },
      { ...sample('e3', 3), endedAt: 10 },
    ]);
    statements.length = 0;
    await expect(rows.earliest('endedAt', { column: 'displayName', values: ['Sample e1', 'Sample e2'] })).resolves.toBe(
      20,
    );
    await expect(rows.earliest('endedAt', { column: 'displayName', values: ['Sample e1', 'Sample e2'] })).resolves.toBe(
      20,
    );
    expect(statements).toHaveLength(2);
    expect(new Set(statements).size).toBe(1);
    expect(statements[0]).not.toMatch(/e1|e2/);
    const ended = (await dataSource.getRepository(Sample).find()).flatMap((row) => row.endedAt ?? []);
    await expect(rows.earliest('endedAt')).resolves.toBe(Math.min(...ended));
  });
});
