import { listing } from './summary';

describe('listing', () => {
  const row = (id: string): [string, string, number, null] => [id, 'Acme', 1_795_800_000, null];

  it('counts the records in the number the noun takes, and says when there are none', () => {
    expect(listing({ singular: 'consumer' }, [row('bcn_1')]).split('\n')[0]).toBe('1 consumer');
    expect(listing({ singular: 'consumer' }, [row('bcn_1'), row('bcn_2')]).split('\n')[0]).toBe('2 consumers');
    expect(listing({ singular: 'API key', of: ' of app app_1' }, [])).toBe('No API keys of app app_1');
  });

  it('gives each record a line with its id, what it is, when it was made and when it was last used', () => {
    expect(listing({ singular: 'consumer' }, [row('bcn_1')]).split('\n')[1]).toBe(
      '  bcn_1  Acme; created 2026-11-27T17:20:00.000Z, last used never',
    );
  });
});
