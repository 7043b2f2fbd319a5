import { ageOverOf } from './age-over';

describe('ageOverOf', () => {
  it('counts a year only once the birthday has come', () => {
    expect(ageOverOf('2008-06-15', new Date('2026-06-14T12:00:00Z')).over18).toBe(false);
    expect(ageOverOf('2008-06-15', new Date('2026-06-15T00:00:00Z')).over18).toBe(true);
  });

  it('answers every threshold', () => {
    expect(ageOverOf('1991-04-12', new Date('2026-11-28T00:00:00Z'))).toEqual({
      over13: true,
      over16: true,
      over18: true,
      over21: true,
      over65: false,
    });
  });
});
