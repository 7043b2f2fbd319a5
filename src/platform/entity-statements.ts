import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { Driver, EntityManager, ObjectLiteral, Repository, ValueTransformer } from 'typeorm';
import { UnitOfWork } from './unit-of-work';

/** How one column's value goes into a statement and comes back out of a row. */
interface ColumnCodec {
  databaseName: string;
  write(entity: ObjectLiteral, driver: Driver): unknown;
  /** Sets the column's property of `entity` from the row's raw value. */
  hydrate(entity: ObjectLiteral, raw: unknown, driver: Driver): void;
}

/** Types both drivers hand over as they are, to the transformer if the column has one. */
const PLAIN_TYPES: ReadonlySet<unknown> = new Set(['varchar', 'text', 'integer', 'bigint']);

/**
 * A plain column (a property of the entity itself, of a type both drivers pass through, with at most one transformer)
 * is read and written directly, as the drivers' `prepareHydratedValue` and `preparePersistentValue` would: through
 * them, hydrating a flow's 29 columns cost 38k instructions a ping (callgrind, `npm run bench:instructions`).
 */
function codecOf(column: ColumnMetadata): ColumnCodec {
  const { databaseName, propertyName, transformer } = column;
  const plain =
    !column.embeddedMetadata && !column.relationMetadata && PLAIN_TYPES.has(column.type) && !Array.isArray(transformer);
  if (!plain) {
    return {
      databaseName,
      write: (entity, driver): unknown => driver.preparePersistentValue(column.getEntityValue(entity), column),
      hydrate: (entity, raw, driver) => column.setEntityValue(entity, driver.prepareHydratedValue(raw, column)),
    };
  }
  if (!transformer) {
    return {
      databaseName,
      write: (entity): unknown => entity[propertyName],
      hydrate: (entity, raw) => {
        entity[propertyName] = raw;
      },
    };
  }
  const single: ValueTransformer = transformer;
  return {
    databaseName,
    write: (entity): unknown => single.to(entity[propertyName]),
    hydrate: (entity, raw) => {
      entity[propertyName] = single.from(raw) as unknown;
    },
  };
}

/** Rows whose column holds one of these values. */
export interface Among<Entity> {
  column: keyof Entity & string;
  values: readonly string[];
}

/**
 * The statements of an entity's hot paths, written once from its column metadata: read a row or many by primary key,
 * insert many rows. Values always travel as bound parameters, so each statement text stays the same and the driver's
 * prepared statement is reused; TypeORM's query builder rebuilds the text on every call and writes numbers into it,
 * which makes every statement with a timestamp new to the database. Values are converted as TypeORM converts them (column
 * types, transformers), so what comes back is the entity `findOneBy` would give.
 *
 * A departure from stock TypeORM (`findOneBy`, `findBy(In)`, `insert` and the insert query builder), kept for what it
 * saves: `npm run bench:instructions -- --only "nest POST,ping,identification same-device" --against DIR`, DIR being
 * this checkout with this class written with those stock calls, counted 1,040,907 instructions per ping against
 * 1,384,228 (-25%) and 1,890,022 per same-device create against 3,075,230 (-39%), on Node 24 and SQLite.
 */
export class EntityStatements<Entity extends ObjectLiteral> {
  private readonly columns: ColumnCodec[];
  private readonly primaryName: string;
  private readonly selectById: string;
  private readonly selectByIds: string;
  private readonly insertPrefix: string;
  private readonly postgres: boolean;
  private readonly unitOfWork: UnitOfWork;
  private readonly earliestStatements: Record<string, string> = {};
  private readonly insertTexts = new Map<number, string>();

  constructor(private readonly repository: Repository<Entity>) {
    const { metadata } = repository;
    const driver = repository.manager.dataSource.driver;
    this.unitOfWork = new UnitOfWork(repository.manager.dataSource);
    this.postgres = driver.options.type === 'postgres';
    this.columns = metadata.columns.map(codecOf);
    const [primary] = metadata.primaryColumns;
    const table = driver.escape(metadata.tableName);
    const names = this.columns.map((column) => driver.escape(column.databaseName));
    this.primaryName = primary.databaseName;
    const select = `SELECT ${names.join(', ')} FROM ${table} WHERE ${driver.escape(primary.databaseName)}`;
    this.selectById = `${select} = ${this.placeholder(1)}`;
    // One parameter whatever the number of keys, so that this text too is prepared once.
    this.selectByIds = this.postgres ? `${select} = ANY($1)` : `${select} IN (SELECT value FROM json_each(?))`;
    this.insertPrefix = `INSERT INTO ${table} (${names.join(', ')}) VALUES `;
  }

  /** The row with this primary key, or null; inside the open unit of work, if any. */
  async findById(id: string): Promise<Entity | null> {
    const manager = this.unitOfWork.manager;
    const rows = await manager.query<Array<Record<string, unknown>>>(this.selectById, [id]);
    return rows.length === 0 ? null : this.hydrate(rows[0], manager);
  }

  /** The rows with these primary keys in one statement, in the order of `ids`: null where there is none. */
  async findManyById(ids: readonly string[]): Promise<Array<Entity | null>> {
    const manager = this.repository.manager;
    const rows = await manager.query<Array<Record<string, unknown>>>(this.selectByIds, [
      this.postgres ? ids : JSON.stringify(ids),
    ]);
    const byId = new Map(rows.map((row) => [row[this.primaryName], row]));
    return ids.map((id) => {
      const row = byId.get(id);
      return row ? this.hydrate(row, manager) : null;
    });
  }

  /** Inserts the rows in one statement, in the open unit of work if any; the caller keeps a batch within the driver's limit on bound parameters. */
  async insertMany(rows: Entity[]): Promise<void> {
    if (rows.length === 0) return;
    const manager = this.unitOfWork.manager;
    const { sql, parameters } = this.insertion(rows, manager.dataSource.driver);
    await manager.query(sql, parameters);
  }

  /**
   * The INSERT of `rows` (at least one) and its values, for a caller that sends it with others in one statement: its
   * numbered placeholders (PostgreSQL's) start after `parametersBefore` of the statement's parameters.
   */
  insertion(rows: Entity[], driver: Driver, parametersBefore = 0): { sql: string; parameters: unknown[] } {
    const parameters: unknown[] = [];
    for (const row of rows) for (const column of this.columns) parameters.push(column.write(row, driver));
    return { sql: this.insertText(rows.length, parametersBefore), parameters };
  }

  /**
   * The INSERT text for so many rows, made once for each count: the same string each time, so that the statement
   * caches find it by a hash already computed, where a text built anew was joined, flattened and hashed on every
   * create. The counts are few (a create's one row, the usage meter's batches of up to 200).
   */
  private insertText(rowCount: number, parametersBefore: number): string {
    // A statement has at most 65,535 parameters (PostgreSQL's limit), so the pair fits one number.
    const key = rowCount * 65_536 + parametersBefore;
    let sql = this.insertTexts.get(key);
    if (sql === undefined) {
      const width = this.columns.length;
      const tuples = Array.from({ length: rowCount }, (_, row) => {
        const slots = this.columns.map((_, column) => this.placeholder(parametersBefore + row * width + column + 1));
        return `(${slots.join(', ')})`;
      });
      sql = this.insertPrefix + tuples.join(', ');
      this.insertTexts.set(key, sql);
    }
    return sql;
  }

  /**
   * The smallest value of a numeric column (a due time), among the rows whose `among.column` holds one of its values if
   * given; null when there is none. Outside any transaction. A background worker asks this each pass to learn whether it
   * has work, so it is one statement, prepared once: a query builder's claim of due rows, with the time written into its
   * text on SQLite, was prepared anew on every pass.
   */
  async earliest(column: keyof Entity & string, among?: Among<Entity>): Promise<number | null> {
    const key = among ? `${column} ${among.column} ${among.values.length}` : column;
    const sql = (this.earliestStatements[key] ??= this.earliestSql(column, among));
    const [row] = await this.repository.manager.query<Array<{ earliest: number | string | null }>>(
      sql,
      among ? [...among.values] : [],
    );
    return row?.earliest == null ? null : Number(row.earliest);
  }

  /** Whether a row's `column` is due by `now`: the earliest value, if any, is no later. */
  async anyDueBy(now: number, column: keyof Entity & string, among?: Among<Entity>): Promise<boolean> {
    const earliest = await this.earliest(column, among);
    return earliest !== null && earliest <= now;
  }

  private earliestSql(column: string, among?: Among<Entity>): string {
    const { metadata } = this.repository;
    const driver = this.repository.manager.dataSource.driver;
    const name = (property: string) => driver.escape(metadata.findColumnWithPropertyName(property)!.databaseName);
    const select = `SELECT MIN(${name(column)}) AS earliest FROM ${driver.escape(metadata.tableName)}`;
    if (!among) return select;
    const slots = among.values.map((_, index) => this.placeholder(index + 1));
    return `${select} WHERE ${name(among.column)} IN (${slots.join(', ')})`;
  }

  private hydrate(row: Record<string, unknown>, manager: EntityManager): Entity {
    const driver = manager.dataSource.driver;
    const entity = this.repository.create();
    for (const column of this.columns) column.hydrate(entity, row[column.databaseName], driver);
    return entity;
  }

  private placeholder(position: number): string {
    return this.postgres ? `$${position}` : '?';
  }
}
