import type { UsageReport } from '../billing/usage-report.service';

/** Example values of the billing routes' OpenAPI documentation. */
export const USAGE_REPORT_EXAMPLE: UsageReport = {
  consumer: 'bcn_4f8K****3sDa',
  environment: 'production',
  from: '2025-11-01',
  to: '2025-11-30',
  days: [
    { date: '2025-11-03', category: 'authentication', calls: 120, cost: 1000 },
    { date: '2025-11-03', category: 'none', calls: 480, cost: 0 },
    { date: '2025-11-04', category: 'signature', calls: 3, cost: 300 },
  ],
  totals: { calls: 603, cost: 1300 },
  balance: 8700,
  allowance: { month: '2025-11', used: 100, limit: 100 },
};
