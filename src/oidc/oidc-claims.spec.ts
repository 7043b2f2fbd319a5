import { CLAIM_CATALOG } from '../claims/claim-catalog';
import { NESTED_CLAIMS, oidcClaimsOf, requestedClaimKeys, scopeClaims } from './oidc-claims';

describe('OIDC claims', () => {
  it('asks for every key of each claim-group scope, and nothing for openid alone', () => {
    expect(requestedClaimKeys(['openid'], undefined)).toEqual([]);
    expect(requestedClaimKeys(['openid', 'contact'], undefined)).toEqual(
      CLAIM_CATALOG.contact.map((name) => `contact.${name}`),
    );
    // Medical and education need approval: they are no scopes.
    expect(requestedClaimKeys(['medical', 'education'], undefined)).toEqual([]);
  });

  it('asks for the key behind each standard claim of the claims parameter, and ignores one that is not JSON', () => {
    const claims = JSON.stringify({ userinfo: { email: null }, id_token: { birthdate: { essential: true } } });
    expect(requestedClaimKeys(['openid'], claims).sort()).toEqual(['bio.birthdate', 'contact.email']);
    expect(requestedClaimKeys(['openid'], '{not json')).toEqual([]);
    expect(requestedClaimKeys(['openid'], JSON.stringify({ userinfo: { address: null } }))).toEqual(
      expect.arrayContaining(['address.city', 'address.formatted']),
    );
  });

  it('gives the standard claims where one exists, an address object, and everything nested under claims', () => {
    const released = {
      naming: { given: 'Adaeze', titlePrefix: 'Dr' },
      contact: { emailVerified: true },
      address: { city: 'Lagos', latitude: 6.6 },
    };
    expect(oidcClaimsOf(released)).toEqual({
      given_name: 'Adaeze',
      email_verified: true,
      address: { locality: 'Lagos' },
      [NESTED_CLAIMS]: released,
    });
  });

  it('releases the nested claims under every claim-group scope', () => {
    const scopes = scopeClaims();
    expect(scopes.openid).toEqual(['sub']);
    expect(scopes.naming).toEqual(expect.arrayContaining(['name', 'given_name', NESTED_CLAIMS]));
    expect(scopes.financial).toEqual([NESTED_CLAIMS]);
  });
});
