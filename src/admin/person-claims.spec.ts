import { RequestValidationError } from '../common/errors/request-validation.error';
import type { ValidationIssue } from '../common/errors/validation-issue';
import { parsePersonClaims } from './person-claims';

function issuesOf(input: unknown): ValidationIssue[] {
  try {
    parsePersonClaims(input);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return (error as RequestValidationError).issues;
  }
  throw new Error('expected the claims to be refused');
}

describe('parsePersonClaims', () => {
  it('keeps every kind of value and stores keys in the catalog spelling, whatever the letter case sent', () => {
    const passport = { number: 'A10000009', issuingCountry: 'NG' };
    expect(
      parsePersonClaims({
        Naming: { NAME: 'Ada Obi', given: 'Ada' },
        contact: { emailverified: true },
        financial: { bvnLevel: 2 },
        nationality: { nationalities: ['NG', 'GH'] },
        idcards: { passport },
        medical: {},
      }),
    ).toEqual({
      naming: { name: 'Ada Obi', given: 'Ada' },
      contact: { emailVerified: true },
      financial: { bvnLevel: 2 },
      nationality: { nationalities: ['NG', 'GH'] },
      idcards: { passport },
    });
  });

  it('reports every problem at once, each at the path it was sent under, without quoting values', () => {
    const issues = issuesOf({
      naming: { nmae: 'Ada Obi', name: ['Ada', 7] },
      nmaing: { name: 'Ada Obi' },
      bio: 'female',
      contact: { email: 'ada@example.com', EMAIL: 'other@example.com' },
      address: { latitude: null },
    });
    expect(issues).toEqual([
      { code: 'unrecognized_keys', path: ['claims', 'naming', 'nmae'], message: 'naming.nmae is not a known claim' },
      {
        code: 'invalid_type',
        path: ['claims', 'naming', 'name'],
        message: expect.stringMatching(/^naming\.name must be/),
      },
      {
        code: 'unrecognized_keys',
        path: ['claims', 'nmaing'],
        message: expect.stringMatching(/^nmaing is not a claim group/),
      },
      { code: 'invalid_type', path: ['claims', 'bio'], message: 'claims.bio must be an object of claims' },
      {
        code: 'custom',
        path: ['claims', 'contact', 'EMAIL'],
        message: expect.stringContaining('contact.email is given twice'),
      },
      { code: 'invalid_type', path: ['claims', 'address', 'latitude'], message: expect.any(String) },
    ]);
    expect(JSON.stringify(issues)).not.toMatch(/Ada|example\.com|female/);
  });

  it.each([[null], [['naming.name']], ['naming.name']])('refuses %p as a whole', (input) => {
    expect(issuesOf(input)).toEqual([
      { code: 'invalid_type', path: ['claims'], message: 'claims must be an object of claim groups' },
    ]);
  });

  it('treats a __proto__ key as an unknown group, never as the prototype', () => {
    expect(issuesOf(JSON.parse('{"__proto__": {"name": "x"}}'))).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', path: ['claims', '__proto__'] }),
    ]);
    expect(parsePersonClaims({})).toEqual({});
  });
});
