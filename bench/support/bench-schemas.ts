import { Client } from 'pg';

/**
 * PostgreSQL schemas of their own for the processes of one scaled run, so that every run starts from empty tables
 * rather than from the rows of every run before it (which slowed the creates run after run); dropped at the end.
 */
export class BenchSchemas {
  private readonly made: string[] = [];

  constructor(private readonly databaseUrl: string) {}

  async create(name: string): Promise<string> {
    const schema = `bench_${Date.now()}_${name}`;
    await this.run(`CREATE SCHEMA ${schema}`);
    this.made.push(schema);
    return schema;
  }

  async dropAll(): Promise<void> {
    for (const schema of this.made.splice(0)) await this.run(`DROP SCHEMA ${schema} CASCADE`);
  }

  private async run(statement: string): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
}
