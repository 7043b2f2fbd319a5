import type { INestApplication } from '@nestjs/common';
import { DataSource, type Logger } from 'typeorm';
import { requestLogFields } from '../../src/common/logging/request-context';

/**
 * Counts the database statements each request runs, by the request id every statement is issued under: the usage
 * meter's batches, the webhook dispatcher and the expiry sweeper run outside any request and are not counted.
 */
export class StatementCounter {
  private readonly byRequest = new Map<string, string[]>();

  constructor(app: INestApplication) {
    const dataSource = app.get(DataSource);
    const quiet = () => undefined;
    const logger: Logger = {
      logQuery: (query: string) => {
        const { reqId } = requestLogFields();
        if (reqId) this.byRequest.set(reqId, [...(this.byRequest.get(reqId) ?? []), query]);
      },
      logQueryError: quiet,
      logQuerySlow: quiet,
      logSchemaBuild: quiet,
      logMigration: quiet,
      log: quiet,
    };
    // TypeORM asks the data source's logger about every statement, whatever the logging option says.
    Object.assign(dataSource, { logger });
  }

  /** The statements run while serving the request sent with this `x-request-id`. */
  statementsOf(requestId: string): string[] {
    return this.byRequest.get(requestId) ?? [];
  }
}
