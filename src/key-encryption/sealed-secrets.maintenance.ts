import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type FindOperator, IsNull, Like, Not } from 'typeorm';
import type { SealedColumn } from './sealed-column';
import { SealedColumns } from './sealed-columns';
import { SecretUnreadableError } from './errors/secret-unreadable.error';
import { SEALED_PREFIX, SecretSealer } from './secret-sealer';

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
    // Only the rows still in clear are read: start-up does not scan every sealed secret.
    const { resealed } = await this.reseal(Not(Like(`${SEALED_PREFIX}%`)), () => true);
    if (resealed > 0) this.logger.log({ sealed: resealed }, 'Sealed secrets stored in clear by an earlier version');
  }

  /**
   * Reseals every secret not sealed with the current key. A secret that does not open (its key is gone, or the row was
   * altered) is left as it is and named in `unreadable`, so one bad row never stops the others.
   */
  rewrap(): Promise<ResealOutcome> {
    return this.reseal(Not<string>(IsNull()), (stored) => !this.sealer.isCurrent(stored));
  }

  /** Reseals the rows whose value `stored` selects and `needs` confirms. */
  private async reseal(stored: FindOperator<string>, needs: (stored: string) => boolean): Promise<ResealOutcome> {
    const outcome: ResealOutcome = { resealed: 0, unreadable: [] };
    for (const column of this.columns.all()) await this.resealColumn(column, stored, needs, outcome);
    if (outcome.unreadable.length > 0) {
      this.logger.error({ unreadable: outcome.unreadable }, 'Stored secrets that cannot be opened');
    }
    return outcome;
  }

  private async resealColumn(
    column: SealedColumn,
    selected: FindOperator<string>,
    needs: (stored: string) => boolean,
    outcome: ResealOutcome,
  ): Promise<void> {
    const { entity, idProperty, valueProperty } = column.definition;
    const rows = this.dataSource.getRepository(entity);
    const stored = await rows.find({
      select: { [idProperty]: true, [valueProperty]: true },
      where: { [valueProperty]: selected },
    });
    for (const row of stored) {
      const id = String(row[idProperty]);
      const value = String(row[valueProperty]);
      if (!needs(value)) continue;
      let plain: string;
      try {
        plain = column.open(id, value);
      } catch (error) {
        if (!(error instanceof SecretUnreadableError)) throw error;
        outcome.unreadable.push(column.context(id));
        continue;
      }
      const result = await rows.update(
        { [idProperty]: id, [valueProperty]: value },
        { [valueProperty]: column.seal(id, plain) },
      );
      outcome.resealed += result.affected ?? 0;
    }
  }
}
