import type { ValidationError } from 'class-validator';
import type { ValidationIssue, ValidationIssueCode } from './validation-issue';

const CODE_BY_CONSTRAINT: Record<string, ValidationIssueCode> = {
  isString: 'invalid_type',
  isNumber: 'invalid_type',
  isInt: 'invalid_type',
  isBoolean: 'invalid_type',
  isArray: 'invalid_type',
  isObject: 'invalid_type',
  nestedValidation: 'invalid_type',
  isDefined: 'invalid_type',
  isNotEmpty: 'too_small',
  isNotEmptyObject: 'too_small',
  minLength: 'too_small',
  min: 'too_small',
  arrayMinSize: 'too_small',
  arrayNotEmpty: 'too_small',
  maxLength: 'too_big',
  max: 'too_big',
  arrayMaxSize: 'too_big',
  isIn: 'invalid_enum_value',
  isEnum: 'invalid_enum_value',
  whitelistValidation: 'unrecognized_keys',
  isUrl: 'invalid_string',
  matches: 'invalid_string',
  isDisplayText: 'invalid_string',
  isEmail: 'invalid_string',
};

/** `@Length` reports both bounds under one name; its message says which was crossed. */
function lengthCode(message: string): ValidationIssueCode {
  return /shorter than/.test(message) ? 'too_big' : 'too_small';
}

function segment(property: string): string | number {
  return /^\d+$/.test(property) ? Number(property) : property;
}

/**
 * As Zod does, a value of the wrong type is reported as that alone: its length, range or contents mean nothing yet.
 * A missing value is reported as missing alone.
 */
function relevantConstraints(constraints: Record<string, string>): Array<[string, string]> {
  const entries = Object.entries(constraints);
  const missing = entries.find(([constraint]) => constraint === 'isDefined');
  if (missing) return [missing];
  const wrongType = entries.filter(([constraint]) => CODE_BY_CONSTRAINT[constraint] === 'invalid_type');
  return wrongType.length > 0 ? wrongType : entries;
}

/** Flattens class-validator's error tree into one Zod-style issue per failed constraint, deepest path first. */
export function toValidationIssues(
  errors: ValidationError[],
  parentPath: Array<string | number> = [],
): ValidationIssue[] {
  return errors.flatMap((error) => {
    const path = [...parentPath, segment(error.property)];
    const own = relevantConstraints(error.constraints ?? {}).map(([constraint, message]) => ({
      code: constraint === 'isLength' ? lengthCode(message) : (CODE_BY_CONSTRAINT[constraint] ?? 'custom'),
      path,
      message: constraint === 'whitelistValidation' ? `${path.join('.')} is not an accepted field` : message,
    }));
    return [...own, ...toValidationIssues(error.children ?? [], path)];
  });
}
