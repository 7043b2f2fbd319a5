import { Column, Entity, PrimaryColumn, type DataSource } from 'typeorm';
import { BatchedTransactions } from '../../src/platform/batched-transactions';
import { EntityStatements } from '../../src/platform/entity-statements';
import { UnitOfWork } from '../../src/platform/unit-of-work';

/** Two small tables for tests of inserting into several at once: parents, and children that name one. */
@Entity({ name: 'parents' })
export class Parent {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  id: string;
}

@Entity({ name: 'children' })
export class Child {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  id: string;

  @Column({ type: 'varchar', length: 20 })
  parent: string;
}

export const PARENT_CHILD_ENTITIES = [Parent, Child];

export interface ParentChildTables {
  transactions: BatchedTransactions;
  unitOfWork: UnitOfWork;
  parents: EntityStatements<Parent>;
  children: EntityStatements<Child>;
  /** The ids each table holds, in order. */
  stored(): Promise<{ parents: string[]; children: string[] }>;
}

/**
 * For the tests of a describe block: opens the data source (whose statements go to `log`) before them, empties both
 * tables and the log before each, and closes it after them.
 */
export function useParentChildTables(open: () => Promise<DataSource>, log: string[]): ParentChildTables {
  let dataSource: DataSource;
  const ids = async (entity: typeof Parent | typeof Child) =>
    (await dataSource.getRepository(entity).find({ order: { id: 'ASC' } })).map((row) => row.id);
  const tables = {
    stored: async () => ({ parents: await ids(Parent), children: await ids(Child) }),
  } as ParentChildTables;
  beforeAll(async () => {
    dataSource = await open();
    tables.transactions = new BatchedTransactions(dataSource);
    tables.unitOfWork = new UnitOfWork(dataSource);
    tables.parents = new EntityStatements(dataSource.getRepository(Parent));
    tables.children = new EntityStatements(dataSource.getRepository(Child));
  });
  afterAll(() => dataSource.destroy());
  beforeEach(async () => {
    await dataSource.query('DELETE FROM children');
    await dataSource.query('DELETE FROM parents');
    log.length = 0;
  });
  return tables;
}
