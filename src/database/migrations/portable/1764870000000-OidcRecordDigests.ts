import { createHash } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** A record already keyed by a digest: its kind, a colon and 64 hex digits; no id the provider makes is that long. */
const DIGEST_KEY = /^[^:]+:[0-9a-f]{64}$/;

/**
 * OpenID records were keyed by the provider's id in clear (`AccessToken:<token>`), which was in the payload's `jti`
 * too: whoever read the table could use the tokens. Each record is re-keyed by the SHA-256 of that id, as
 * OidcRecordAdapter now finds it, and loses its `jti`, so tokens, sessions and logins already under way go on working.
 * Records already keyed by a digest are left alone. The hash is spelled out here, as every migration keeps what it did.
 * Both dialects alike.
 */
export class OidcRecordDigests1764870000000 implements MigrationInterface {
  name = 'OidcRecordDigests1764870000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const parameter = (index: number) => queryRunner.dataSource.driver.createParameter(`p${index}`, index);
    const records = (await queryRunner.query(`SELECT "id", "kind", "payload" FROM "oidc_records"`)) as Array<{
      id: string;
      kind: string;
      payload: string;
    }>;
    for (const record of records) {
      if (DIGEST_KEY.test(record.id)) continue;
      const providerId = record.id.slice(record.kind.length + 1);
      const { jti, ...payload } = JSON.parse(record.payload) as { jti?: string };
      await queryRunner.query(
        `UPDATE "oidc_records" SET "id" = ${parameter(0)}, "payload" = ${parameter(1)} WHERE "id" = ${parameter(2)}`,
        [`${record.kind}:${createHash('sha256').update(providerId).digest('hex')}`, JSON.stringify(payload), record.id],
      );
    }
  }

  /** A digest cannot be turned back into the id: going back ends every session and token, and logins start afresh. */
  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "oidc_records"`);
  }
}
