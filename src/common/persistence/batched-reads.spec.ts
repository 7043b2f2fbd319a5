import { Column, type DataSource, Entity, PrimaryColumn } from 'typeorm';
import { inMemoryDataSource } from '../../../test/support/in-memory-data-source';
import { BatchedReads, MAX_BATCH } from './batched-reads';
import { EntityStatements } from '../../platform/entity-statements';

@Entity({ name: 'notes' })
class Note {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 64 })
  text: string;
}

describe('BatchedReads', () => {
  let dataSource: DataSource;
  let statements: EntityStatements<Note>;
  const log: string[] = [];
  const selects = () => log.filter((statement) => statement.startsWith('SELECT'));

  beforeAll(async () => {
    dataSource = await inMemoryDataSource([Note], log);
    statements = new EntityStatements(dataSource.getRepository(Note));
    const notes = Array.from({ length: MAX_BATCH + 5 }, (_, n) =>
      Object.assign(new Note(), { id: `n${n}`, text: `note ${n}` }),
    );
    await statements.insertMany(notes);
  });
  afterAll(() => dataSource.destroy());
  beforeEach(() => (log.length = 0));

  it('reads what one turn asks for in one statement, and answers each caller with its own row', async () => {
    const reads = new BatchedReads(statements);
    const found = await Promise.all(['n3', 'n1', 'nobody', 'n3'].map((id) => reads.find(id)));
    expect(found.map((note) => note?.text ?? null)).toEqual(['note 3', 'note 1', null, 'note 3']);
    expect(found[0]).toBeInstanceOf(Note);
    expect(selects()).toHaveLength(1);
  });

  it('reads calls made from separate callbacks of one turn together, as requests arriving together make them', async () => {
    const reads = new BatchedReads(statements);
    const found = await Promise.all(
      ['n4', 'n5'].map((id) => new Promise((resolve) => setImmediate(() => resolve(reads.find(id))))),
    );
    expect(found).toMatchObject([{ text: 'note 4' }, { text: 'note 5' }]);
    expect(selects()).toHaveLength(1);
  });

  it('lets each caller go on in a turn of its own, so that what one does next never interleaves with another', async () => {
    const reads = new BatchedReads(statements);
    const steps: string[] = [];
    await Promise.all(
      ['n1', 'n2'].map(async (id) => {
        await reads.find(id);
        steps.push(`begin ${id}`);
        await Promise.resolve();
        steps.push(`commit ${id}`);
      }),
    );
    expect(steps).toEqual(['begin n1', 'commit n1', 'begin n2', 'commit n2']);
    expect(selects()).toHaveLength(1);
  });

  it(`splits a turn's reads into statements of ${MAX_BATCH} keys at most`, async () => {
    const reads = new BatchedReads(statements);
    const ids = Array.from({ length: MAX_BATCH + 5 }, (_, n) => `n${n}`);
    const found = await Promise.all(ids.map((id) => reads.find(id)));
    expect(found.map((note) => note?.id)).toEqual(ids);
    expect(selects()).toHaveLength(2);
  });

  it('never answers from an earlier read: a read asked for after a write sees it', async () => {
    const reads = new BatchedReads(statements);
    await expect(reads.find('n7')).resolves.toMatchObject({ text: 'note 7' });
    await dataSource.getRepository(Note).update({ id: 'n7' }, { text: 'edited' });
    await expect(reads.find('n7')).resolves.toMatchObject({ text: 'edited' });
    expect(selects()).toHaveLength(2);
  });
});
