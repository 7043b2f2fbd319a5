import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The provider's interactions (login pages under way) were stored with a copy of the browser's session cookie, which
 * opens the person's session; the provider never reads the copy back (it finds the session by its uid), so it is
 * dropped from the interactions already stored, as OidcRecordAdapter now stores them. Both dialects alike.
 */
export class InteractionSessionCookies1764970000000 implements MigrationInterface {
  name = 'InteractionSessionCookies1764970000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const parameter = (index: number) => queryRunner.dataSource.driver.createParameter(`p${index}`, index);
    const records = (await queryRunner.query(
      `SELECT "id", "payload" FROM "oidc_records" WHERE "kind" = 'Interaction'`,
    )) as Array<{ id: string; payload: string }>;
    for (const record of records) {
      const payload = JSON.parse(record.payload) as { session?: { cookie?: string } };
      if (payload.session?.cookie === undefined) continue;
      delete payload.session.cookie;
      await queryRunner.query(`UPDATE "oidc_records" SET "payload" = ${parameter(0)} WHERE "id" = ${parameter(1)}`, [
        JSON.stringify(payload),
        record.id,
      ]);
    }
  }

  /** The cookie is gone for good; the interactions without it still work, so there is nothing to undo. */
  public async down(): Promise<void> {}
}
