import { Injectable } from '@nestjs/common';
import { DataSource, type ObjectLiteral } from 'typeorm';
import { SealedColumn, type SealedColumnDefinition } from './sealed-column';
import { SecretSealer } from './secret-sealer';

/** Where each module registers the columns it keeps sealed, so startup and key rotation reach every one of them. */
@Injectable()
export class SealedColumns {
  private readonly columns: SealedColumn[] = [];

  constructor(
    private readonly sealer: SecretSealer,
    private readonly dataSource: DataSource,
  ) {}

  /** Registers a column and hands back what seals and opens its values. */
  register<T extends ObjectLiteral>(definition: SealedColumnDefinition<T>): SealedColumn<T> {
    const column = new SealedColumn(definition, this.sealer, this.dataSource);
    this.columns.push(column);
    return column;
  }

  all(): SealedColumn[] {
    return [...this.columns];
  }
}
