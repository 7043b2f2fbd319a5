import { Injectable } from '@nestjs/common';
import type { EntityTarget, ObjectLiteral } from 'typeorm';

/** A column holding sealed secrets, registered by the module that owns its entity. */
export interface SealedColumn<T extends ObjectLiteral = ObjectLiteral> {
  entity: EntityTarget<T>;
  /** The table and column names, which also name the secret in its sealing context. */
  table: string;
  column: string;
  idProperty: keyof T & string;
  valueProperty: keyof T & string;
}

/** The sealing context of one secret: which column of which row, so a sealed value opens only where it was sealed. */
export const sealingContext = (table: string, column: string, id: string): string => `${table}.${column}:${id}`;

/** Where each module registers the columns it keeps sealed, so startup and key rotation reach every one of them. */
@Injectable()
export class SealedColumns {
  private readonly columns: SealedColumn[] = [];

  register<T extends ObjectLiteral>(column: SealedColumn<T>): void {
    this.columns.push(column);
  }

  all(): SealedColumn[] {
    return [...this.columns];
  }
}
