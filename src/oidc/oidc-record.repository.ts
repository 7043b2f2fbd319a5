import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { deleteBatch } from '../platform/delete-batch';
import { OidcRecord } from './oidc-record.entity';

/** How a record is found: by its key, or by the uid or user code the provider gave it. */
export type OidcRecordLookup = { id: string } | { uid: string } | { userCode: string };

/**
 * The table of the OpenID provider's records and idflow's own login records beside them. Private to the oidc module:
 * OidcRecordAdapter gives each model its view of it.
 */
@Injectable()
export class OidcRecordRepository {
  constructor(@InjectRepository(OidcRecord) private readonly records: Repository<OidcRecord>) {}

  /** Writes the record, replacing the one with its id. */
  async upsert(record: OidcRecord): Promise<void> {
    await this.records.upsert(record, ['id']);
  }

  /** The record of this kind found by `lookup`, unless it expired before `now`. */
  findUnexpired(kind: string, lookup: OidcRecordLookup, now: number): Promise<OidcRecord | null> {
    return this.records.findOne({
      where: [
        { ...lookup, kind, expiresAt: MoreThan(now) },
        { ...lookup, kind, expiresAt: IsNull() },
      ],
    });
  }

  /** The record with this id and kind, expired or not. */
  findOfKind(id: string, kind: string): Promise<OidcRecord | null> {
    return this.records.findOneBy({ id, kind });
  }

  /** Replaces the record's payload. */
  async setPayload(id: string, payload: string): Promise<void> {
    await this.records.update({ id }, { payload });
  }

  /** Replaces the record's payload only if it still is `expected`, a compare-and-set; true when it was. */
  async replacePayload(id: string, expected: string, next: string): Promise<boolean> {
    const result = await this.records.update({ id, payload: expected }, { payload: next });
    return result.affected === 1;
  }

  async delete(id: string): Promise<void> {
    await this.records.delete({ id });
  }

  /** Deletes the records of this kind that belong to the grant. */
  async deleteOfGrant(grantId: string, kind: string): Promise<void> {
    await this.records.delete({ grantId, kind });
  }

  /** Deletes at most `limit` records that expired before `before`, the longest expired first. */
  deleteExpiredBefore(before: number, limit: number): Promise<number> {
    return deleteBatch(this.records, 'row.expiresAt < :before', { before }, 'expiresAt', limit);
  }
}
