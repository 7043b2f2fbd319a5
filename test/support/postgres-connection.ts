import { Client } from 'pg';

/** Runs `work` on a PostgreSQL connection of its own, closed afterwards whatever `work` does. */
export async function withPostgres<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
