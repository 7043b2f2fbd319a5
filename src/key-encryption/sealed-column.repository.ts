import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type FindOperator, IsNull, Like, Not, type ObjectLiteral } from 'typeorm';
import type { SealedColumnDefinition } from './sealed-column';
import { SEALED_PREFIX } from './secret-sealer';
import type { StoredSecret } from './stored-secret';

/**
 * The rows of the sealed columns other modules registered, read and rewritten by their definition alone: the one
 * place that reaches into those modules' tables, and only into the id and the sealed value of each.
 */
@Injectable()
export class SealedColumnRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The values not in sealed form: stored in clear by an earlier version. */
  inClear(definition: SealedColumnDefinition<ObjectLiteral>): Promise<StoredSecret[]> {
    return this.select(definition, Not(Like(`${SEALED_PREFIX}%`)));
  }

  /** Every value the column holds. */
  all(definition: SealedColumnDefinition<ObjectLiteral>): Promise<StoredSecret[]> {
    return this.select(definition, Not<string>(IsNull()));
  }

  /** Replaces the row's value if it still holds what was read; answers how many rows changed. */
  async replace(definition: SealedColumnDefinition<ObjectLiteral>, read: StoredSecret, value: string): Promise<number> {
    const { entity, idProperty, valueProperty } = definition;
    const result = await this.dataSource
      .getRepository(entity)
      .update({ [idProperty]: read.id, [valueProperty]: read.value }, { [valueProperty]: value });
    return result.affected ?? 0;
  }

  private async select(
    definition: SealedColumnDefinition<ObjectLiteral>,
    stored: FindOperator<string>,
  ): Promise<StoredSecret[]> {
    const { entity, idProperty, valueProperty } = definition;
    const rows = await this.dataSource.getRepository(entity).find({
      select: { [idProperty]: true, [valueProperty]: true },
      where: { [valueProperty]: stored },
    });
    return rows.map((row) => ({ id: String(row[idProperty]), value: String(row[valueProperty]) }));
  }
}
