import { Transform, plainToInstance } from 'class-transformer';
import { IsArray, validateSync } from 'class-validator';
import { IsClaimKey, normaliseClaimList } from './is-claim-key.validator';

class Request {
  @Transform(normaliseClaimList)
  @IsArray()
  @IsClaimKey({ each: true })
  claims: unknown;
}

const messages = (claims: unknown) =>
  validateSync(plainToInstance(Request, { claims })).flatMap((error) => Object.values(error.constraints ?? {}));

describe('IsClaimKey', () => {
  it('accepts catalog keys, in any letter case', () => {
    expect(messages(['naming.name', 'contact.emailverified'])).toEqual([]);
  });

  it('names only the unknown keys of a list, not the known ones beside them', () => {
    expect(messages(['naming.name', 'naming.shoesize', 'bio.gender'])).toEqual([
      'naming.shoesize is not a known claim',
    ]);
    expect(messages(['naming.name', 'naming.shoesize', 'contact.fax'])).toEqual([
      'naming.shoesize, contact.fax are not known claims',
    ]);
  });
});
