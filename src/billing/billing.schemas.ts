import { arrayOf, integer, object, oneOfStrings, string } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { ENVIRONMENTS } from '../tenants/environment';
import { BILLING_CATEGORIES } from './billing-category';

const MINOR_UNITS = 'Minor units';
const REPORTED_CATEGORY = oneOfStrings([...BILLING_CATEGORIES, 'none'], '`none`: calls that are not billed');

export const ALLOWANCE_SCHEMA = object(
  { month: string('`YYYY-MM`'), used: integer(), limit: integer() },
  { description: "This month's free allowance of billable calls" },
);

export const BILLING_ACCOUNT_SCHEMA = namedSchema(
  'BillingAccount',
  object({ consumerId: string(), balance: integer(MINOR_UNITS), allowance: ALLOWANCE_SCHEMA }),
);

export const MONTHLY_USAGE_SCHEMA = namedSchema(
  'MonthlyUsage',
  object({
    month: string('`YYYY-MM`'),
    calls: integer(),
    cost: integer(MINOR_UNITS),
    consumers: arrayOf(
      object({
        consumerId: string(),
        name: string(),
        calls: integer(),
        cost: integer(MINOR_UNITS),
        usage: arrayOf(
          object({
            environment: oneOfStrings(ENVIRONMENTS),
            category: REPORTED_CATEGORY,
            calls: integer(),
            cost: integer(MINOR_UNITS),
          }),
        ),
      }),
      'Busiest consumer first',
    ),
  }),
);

export const USAGE_REPORT_SCHEMA = namedSchema(
  'UsageReport',
  object({
    consumer: string('Masked consumer id'),
    environment: oneOfStrings(ENVIRONMENTS, 'Live keys see production usage, test keys sandbox usage'),
    from: string('`YYYY-MM-DD`, UTC, included'),
    to: string('`YYYY-MM-DD`, UTC, included'),
    days: arrayOf(
      object({
        date: string('`YYYY-MM-DD`'),
        category: REPORTED_CATEGORY,
        calls: integer(),
        cost: integer(MINOR_UNITS),
      }),
    ),
    totals: object({ calls: integer(), cost: integer(MINOR_UNITS) }),
    balance: integer(`Prepaid balance, ${MINOR_UNITS.toLowerCase()}`),
    allowance: ALLOWANCE_SCHEMA,
  }),
);
