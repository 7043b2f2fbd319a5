import { OPERATOR_ROLES } from '../operators/operator-role';
import {
  arrayOf,
  integer,
  mapOf,
  nullable,
  object,
  oneOfStrings,
  string,
  unixSeconds,
} from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';

export const OPERATOR_SCHEMA = namedSchema(
  'Operator',
  object({
    id: string(),
    nin: string('The NIN the operator signs in with'),
    name: string(),
    role: oneOfStrings(OPERATOR_ROLES),
    createdAt: unixSeconds(),
  }),
);

export const OPERATOR_LIST_SCHEMA = namedSchema('Operators', object({ operators: arrayOf(OPERATOR_SCHEMA) }));

export const AUDIT_ENTRY_SCHEMA = namedSchema(
  'AuditEntry',
  object({
    id: string('Sorts as the entries were made; pass the last one as `after` for the next page'),
    at: unixSeconds(),
    actor: string('`admin-token`, `cli`, or the id of the operator who made the change'),
    action: string('The admin route (`POST /admin/keys/:keyId/revoke`) or CLI command (`key:revoke`)'),
    target: mapOf(string(), 'The ids the change named'),
    status: integer('The HTTP status the change was answered with (a failed CLI command: its error status)'),
  }),
);

export const AUDIT_PAGE_SCHEMA = namedSchema(
  'AuditEntries',
  object({
    entries: arrayOf(AUDIT_ENTRY_SCHEMA),
    next: nullable(string('Pass as `after` for the page that follows (in the same `order`); null on the last page')),
  }),
);

export const SESSION_SCHEMA = namedSchema(
  'OperatorSession',
  object({
    token: string('The bearer token of the session (`ops_...`), shown this once: `Authorization: Bearer <token>`'),
    expiresAt: unixSeconds(),
    operator: OPERATOR_SCHEMA,
  }),
);
