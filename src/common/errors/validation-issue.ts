/** One validation problem, in the shape Zod reports issues: `path` walks from the body root to the offending value. */
export interface ValidationIssue {
  code: ValidationIssueCode;
  path: Array<string | number>;
  message: string;
}

export type ValidationIssueCode =
  | 'invalid_type'
  | 'invalid_string'
  | 'invalid_enum_value'
  | 'too_small'
  | 'too_big'
  | 'unrecognized_keys'
  | 'invalid_json'
  | 'custom';
