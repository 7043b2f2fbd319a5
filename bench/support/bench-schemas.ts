import { createSchema } from '../../test/support/test-config';
import { withPostgres } from '../../test/support/postgres-connection';

/**
 * PostgreSQL schemas of their own for the processes of one scaled run, so that every run starts from empty tables
 * rather than from the rows of every run before it (which slowed the creates run after run); dropped at the end. They
 * are named as the test suites' are, so a run that was killed before dropping them is swept like a suite would be.
 */
export class BenchSchemas {
  private readonly made: string[] = [];

  constructor(private readonly databaseUrl: string) {}

  async create(): Promise<string> {
    const schema = await createSchema(this.databaseUrl);
    this.made.push(schema);
    return schema;
  }

  async dropAll(): Promise<void> {
    const schemas = this.made.splice(0);
    if (schemas.length === 0) return;
    await withPostgres(this.databaseUrl, async (client) => {
      for (const schema of schemas) await client.query(`DROP SCHEMA ${schema} CASCADE`);
    });
  }
}
