import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { SecretSealer } from './secret-sealer';

/** Which entity and properties hold a sealed secret: the row's id and the sealed value. */
export interface SealedColumnDefinition<T extends ObjectLiteral> {
  entity: EntityTarget<T>;
  idProperty: keyof T & string;
  valueProperty: keyof T & string;
}

/**
 * A column of sealed secrets, as its owning module registered it: it seals and opens the column's values, each bound
 * to its row by the context `<table>.<column>:<id>` (read from the entity's metadata), so a sealed value copied into
 * another row, or another column, does not open there.
 */
export class SealedColumn<T extends ObjectLiteral = ObjectLiteral> {
  constructor(
    readonly definition: SealedColumnDefinition<T>,
    private readonly sealer: SecretSealer,
    private readonly dataSource: DataSource,
  ) {}

  /** Which column of which row a secret belongs to, as sealing binds it. */
  context(id: string): string {
    const metadata = this.dataSource.getMetadata(this.definition.entity);
    const column = metadata.findColumnWithPropertyName(this.definition.valueProperty)?.databaseName;
    return `${metadata.tableName}.${column}:${id}`;
  }

  seal(id: string, plain: string): string {
    return this.sealer.seal(plain, this.context(id));
  }

  open(id: string, stored: string): string {
    return this.sealer.open(stored, this.context(id));
  }
}
