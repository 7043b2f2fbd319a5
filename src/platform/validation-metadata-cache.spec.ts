import { IsInt, IsString, MaxLength, getMetadataStorage, validate } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Named {
  @IsString()
  name: unknown;
}

class Counted extends Named {
  @IsInt()
  count: unknown;

  @MaxLength(3, { groups: ['short'] })
  code: unknown;
}

const failing = async (value: object, groups?: string[]) =>
  (await validate(value, { groups })).map((error) => error.property).sort();

const counted = (fields: Record<string, unknown>) => Object.assign(new Counted(), fields);

describe('cacheValidationMetadata', () => {
  beforeAll(() => cacheValidationMetadata());

  it('validates against a class’s own rules and those it inherits, the same on every call', async () => {
    for (let call = 0; call < 3; call += 1) {
      await expect(failing(counted({ name: 1, count: 'x', code: 'ab' }))).resolves.toEqual(['count', 'name']);
      await expect(failing(counted({ name: 'a', count: 2, code: 'ab' }))).resolves.toEqual([]);
    }
  });

  it('keeps the rules of each set of groups apart', async () => {
    const long = counted({ name: 'a', count: 2, code: 'toolong' });
    await expect(failing(long, ['short'])).resolves.toEqual(['code']);
    await expect(failing(long, ['other'])).resolves.toEqual([]);
    await expect(failing(long, ['short'])).resolves.toEqual(['code']);
  });

  it('sees a rule added to a class after its rules were looked up', async () => {
    class Tagged extends Named {}
    await expect(failing(Object.assign(new Tagged(), { name: 'a', tag: 3 }))).resolves.toEqual([]);
    IsString()(Tagged.prototype, 'tag');
    await expect(failing(Object.assign(new Tagged(), { name: 'a', tag: 3 }))).resolves.toEqual(['tag']);
  });

  it('goes in once, however often it is asked for', () => {
    const storage = getMetadataStorage();
    const installed = () => Object.getOwnPropertyDescriptor(storage, 'getTargetValidationMetadatas')?.value as unknown;
    const lookUp = installed();
    cacheValidationMetadata();
    expect(lookUp).toBeInstanceOf(Function);
    expect(installed()).toBe(lookUp);
  });
});
