import { IsInt, IsString, getMetadataStorage, validate } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Named {
  @IsString()
  name: unknown;
}

class Counted extends Named {
  @IsInt()
  count: unknown;
}

const failedProperties = async (object: object) => (await validate(object)).map((error) => error.property).sort();
const instance = <T extends object>(type: new () => T, values: object): T => Object.assign(new type(), values);

describe('cacheValidationMetadata', () => {
  const storage = getMetadataStorage();
  const computed = jest.spyOn(storage, 'getTargetValidationMetadatas');
  cacheValidationMetadata(storage);
  cacheValidationMetadata(storage);

  beforeEach(() => computed.mockClear());

  it('validates as class-validator does, inherited rules included, and works each class out once', async () => {
    expect(await failedProperties(instance(Counted, { name: 1, count: 'x' }))).toEqual(['count', 'name']);
    expect(await failedProperties(instance(Counted, { name: 'a', count: 2 }))).toEqual([]);
    expect(await failedProperties(instance(Named, { name: 1 }))).toEqual(['name']);
    expect(await failedProperties(instance(Named, { name: 'a' }))).toEqual([]);

    expect(computed).toHaveBeenCalledTimes(2);
  });

  it('applies a rule added after a class was first validated', async () => {
    class Late {
      value: unknown;
    }
    expect(await failedProperties(instance(Late, { value: 1 }))).toEqual([]);

    IsString()(Late.prototype, 'value');

    expect(await failedProperties(instance(Late, { value: 1 }))).toEqual(['value']);
  });

  it('answers with a copy each time, so that a caller changing it changes nothing for the next', async () => {
    const first = storage.getTargetValidationMetadatas(Named, '', false, false);
    first.length = 0;

    expect(storage.getTargetValidationMetadatas(Named, '', false, false)).toHaveLength(1);
    expect(await failedProperties(instance(Named, { name: 1 }))).toEqual(['name']);
  });
});
