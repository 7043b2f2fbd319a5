import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsDefined,
  IsIn,
  IsString,
  Matches,
  MinLength,
  ValidateNested,
  validateSync,
} from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { toValidationIssues } from './to-validation-issues';

class Signee {
  @IsString()
  @MinLength(11)
  nin: string;
}

class Body {
  @IsIn(['login', 'signup'])
  action: string;

  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => Signee)
  signee: Signee[];
}

class Grant {
  @IsDefined({ message: 'app is required' })
  @Matches(/^app_/, { message: 'app must be an app id' })
  app?: string;
}

describe('toValidationIssues', () => {
  it('reports each failed constraint with a Zod-style code and the full path', () => {
    const body = plainToInstance(Body, { action: 'dance', signee: [{ nin: '123' }] });
    const issues = toValidationIssues(validateSync(body, { whitelist: true, forbidNonWhitelisted: true }));
    expect(issues).toEqual(
      expect.arrayContaining([
        { code: 'invalid_enum_value', path: ['action'], message: expect.stringContaining('action') },
        { code: 'too_small', path: ['signee', 0, 'nin'], message: expect.stringContaining('nin') },
      ]),
    );
    expect(issues).toHaveLength(2);
  });

  it('names fields the schema does not accept', () => {
    const body = plainToInstance(Body, { action: 'login', signee: [{ nin: '12345678901' }], extra: 1 });
    const issues = toValidationIssues(validateSync(body, { whitelist: true, forbidNonWhitelisted: true }));
    expect(issues).toEqual([{ code: 'unrecognized_keys', path: ['extra'], message: 'extra is not an accepted field' }]);
  });

  it('reports a missing required value once, not once per constraint it cannot meet', () => {
    const issues = toValidationIssues(validateSync(plainToInstance(Grant, {})));
    expect(issues).toEqual([{ code: 'invalid_type', path: ['app'], message: 'app is required' }]);
    const malformed = toValidationIssues(validateSync(plainToInstance(Grant, { app: 'nope' })));
    expect(malformed).toEqual([{ code: 'invalid_string', path: ['app'], message: 'app must be an app id' }]);
  });
});
