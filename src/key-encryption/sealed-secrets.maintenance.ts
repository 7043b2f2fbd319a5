import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { SealedColumn } from './sealed-column';
import { SealedColumnRepository } from './sealed-column.repository';
import { SealedColumns } from './sealed-columns';
import { SecretUnreadableError } from './errors/secret-unreadable.error';
import { SecretSealer } from './secret-sealer';
import type { StoredSecret } from './stored-secret';

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
    private readonly rows: SealedColumnRepository,
    private readonly columns: SealedColumns,
    private readonly sealer: SecretSealer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Only the rows still in clear are read: start-up does not scan every sealed secret.
    const { resealed } = await this.reseal(
      (column) => this.rows.inClear(column.definition),
      () => true,
    );
    if (resealed > 0) this.logger.log({ sealed: resealed }, 'Sealed secrets stored in clear by an earlier version');
  }

  /**
   * Reseals every secret not sealed with the current key. A secret that does not open (its key is gone, or the row was
   * altered) is left as it is and named in `unreadable`, so one bad row never stops the others.
   */
  rewrap(): Promise<ResealOutcome> {
    return this.reseal(
      (column) => this.rows.all(column.definition),
      (stored) => !this.sealer.isCurrent(stored),
    );
  }

  /** Reseals the rows `select` reads of each column and `needs` confirms. */
  private async reseal(
    select: (column: SealedColumn) => Promise<StoredSecret[]>,
    needs: (stored: string) => boolean,
  ): Promise<ResealOutcome> {
    const outcome: ResealOutcome = { resealed: 0, unreadable: [] };
    for (const column of this.columns.all()) await this.resealColumn(column, await select(column), needs, outcome);
    if (outcome.unreadable.length > 0) {
      this.logger.error({ unreadable: outcome.unreadable }, 'Stored secrets that cannot be opened');
    }
    return outcome;
  }

  private async resealColumn(
    column: SealedColumn,
    stored: StoredSecret[],
    needs: (stored: string) => boolean,
    outcome: ResealOutcome,
  ): Promise<void> {
    for (const read of stored) {
      if (!needs(read.value)) continue;
      let plain: string;
      try {
        plain = column.open(read.id, read.value);
      } catch (error) {
        if (!(error instanceof SecretUnreadableError)) throw error;
        outcome.unreadable.push(column.context(read.id));
        continue;
      }
      outcome.resealed += await this.rows.replace(column.definition, read, column.seal(read.id, plain));
    }
  }
}
