import { boolean, object, oneOfStrings } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';

export const LIVENESS_SCHEMA = namedSchema('Liveness', object({ alive: boolean() }));

const DEPENDENCY_STATE = oneOfStrings(['up', 'down', 'not configured']);

export const READINESS_SCHEMA = namedSchema(
  'Readiness',
  object({
    ready: boolean(),
    database: DEPENDENCY_STATE,
    redis: DEPENDENCY_STATE,
    checkpointer: DEPENDENCY_STATE,
  }),
);
