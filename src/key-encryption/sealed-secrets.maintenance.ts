import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, IsNull, Not } from 'typeorm';
import { SealedColumns, type SealedColumn, sealingContext } from './sealed-columns';
import { SecretUnreadableError } from './errors/secret-unreadable.error';
import { SecretSealer, isSealed } from './secret-sealer';

export interface ResealOutcome {
  resealed: number;
  /** The sealing contexts (column and row) of secrets that did not open. */
  unreadable: string[];
}

/**
 * Keeps every registered column sealed under the current key: at startup it seals values stored before secrets were
 * sealed (the migration of existing rows), and `keys:rewrap` reseals values sealed with a retired key. Each row is
 * replaced only if it still holds what was read, so instances starting together never overwrite each other.
 */
@Injectable()
export class SealedSecretsMaintenance implements OnApplicationBootstrap {
  private readonly logger = new Logger(SealedSecretsMaintenance.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly columns: SealedColumns,
    private readonly sealer: SecretSealer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { resealed } = await this.reseal((stored) => !isSealed(stored));
    if (resealed > 0) this.logger.log({ sealed: resealed }, 'Sealed secrets stored in clear by an earlier version');
  }

  /**
   * Reseals every secret not sealed with the current key. A secret that does not open (its key is gone, or the row was
   * altered) is left as it is and named in `unreadable`, so one bad row never stops the others.
   */
  rewrap(): Promise<ResealOutcome> {
    return this.reseal((stored) => !this.sealer.isCurrent(stored));
  }

  private async reseal(needs: (stored: string) => boolean): Promise<ResealOutcome> {
    const outcome: ResealOutcome = { resealed: 0, unreadable: [] };
    for (const column of this.columns.all()) await this.resealColumn(column, needs, outcome);
    if (outcome.unreadable.length > 0) {
      this.logger.error({ unreadable: outcome.unreadable }, 'Stored secrets that cannot be opened');
    }
    return outcome;
  }

  private async resealColumn(
    column: SealedColumn,
    needs: (stored: string) => boolean,
    outcome: ResealOutcome,
  ): Promise<void> {
    const rows = this.dataSource.getRepository(column.entity);
    const stored = await rows.find({
      select: { [column.idProperty]: true, [column.valueProperty]: true },
      where: { [column.valueProperty]: Not(IsNull()) },
    });
    for (const row of stored) {
      const id = String(row[column.idProperty]);
      const value = String(row[column.valueProperty]);
      if (!needs(value)) continue;
      const context = sealingContext(column.table, column.column, id);
      let plain: string;
      try {
        plain = this.sealer.open(value, context);
      } catch (error) {
        if (!(error instanceof SecretUnreadableError)) throw error;
        outcome.unreadable.push(context);
        continue;
      }
      const result = await rows.update(
        { [column.idProperty]: id, [column.valueProperty]: value },
        { [column.valueProperty]: this.sealer.seal(plain, context) },
      );
      outcome.resealed += result.affected ?? 0;
    }
  }
}
