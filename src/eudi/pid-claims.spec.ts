import { CLAIM_KEYS } from '../claims/claim-catalog';
import { PID_CLAIM_MAPPING, catalogValuesOf, pidAttributesOf, pidPathsFor, unprovableClaims } from './pid-claims';
import { pidDcqlQuery } from './pid-dcql';

describe('the PID claim mapping', () => {
  it('maps only catalog claims', () => {
    for (const claim of Object.keys(PID_CLAIM_MAPPING)) expect(CLAIM_KEYS).toContain(claim);
  });

  it('names the claims a PID cannot prove, in the order asked', () => {
    expect(unprovableClaims(['naming.given', 'financial.bvn', 'bio.birthdate', 'medical.bloodType'])).toEqual([
      'financial.bvn',
      'medical.bloodType',
    ]);
  });

  it('asks for each PID attribute once, and for nothing that was not requested', () => {
    expect(pidPathsFor(['naming.name', 'naming.given', 'address.city'])).toEqual([
      ['given_name'],
      ['family_name'],
      ['address', 'locality'],
    ]);
    expect(pidDcqlQuery(['contact.email']).credentials[0]).toMatchObject({
      format: 'dc+sd-jwt',
      meta: { vct_values: ['urn:eudi:pid:1'] },
      claims: [{ path: ['email'] }],
    });
  });

  it('asks an mdoc for whole data elements of the PID namespace, in a credential set beside the SD-JWT VC', () => {
    expect(pidPathsFor(['bio.birthplace', 'address.city', 'naming.name'], 'mso_mdoc')).toEqual([
      ['place_of_birth'],
      ['resident_city'],
      ['given_name'],
      ['family_name'],
    ]);
    const query = pidDcqlQuery(['bio.birthdate'], 'To open your account');
    expect(query.credentials[1]).toMatchObject({
      id: 'pid_mdoc',
      format: 'mso_mdoc',
      meta: { doctype_value: 'eu.europa.ec.eudi.pid.1' },
      claims: [{ path: ['eu.europa.ec.eudi.pid.1', 'birth_date'], intent_to_retain: false }],
    });
    expect(query.credential_sets).toEqual([
      { options: [['pid'], ['pid_mdoc']], purpose: 'To open your account', required: true },
    ]);
  });

  it('makes catalog values from a disclosed mdoc, by its own element names, into an element where need be', () => {
    const mdoc = { family_name: 'Mustermann', place_of_birth: { locality: 'Berlin' }, nationality: ['DE'] };
    expect(catalogValuesOf(mdoc, ['naming.family', 'bio.birthplace', 'nationality.nationalities'], 'mso_mdoc')).toEqual(
      { naming: { family: 'Mustermann' }, bio: { birthplace: 'Berlin' }, nationality: { nationalities: ['DE'] } },
    );
    expect(pidAttributesOf({ contact: { email: 'a@example.com' } }, 'mso_mdoc')).toEqual({
      email_address: 'a@example.com',
    });
  });

  it('makes catalog values from the disclosed PID, leaving out a claim whose attributes are not all there', () => {
    const pid = { given_name: 'Erika', address: { locality: 'Köln' }, nationalities: ['DE'] };
    expect(catalogValuesOf(pid, ['naming.given', 'naming.name', 'address.city', 'nationality.nationalities'])).toEqual({
      naming: { given: 'Erika' },
      address: { city: 'Köln' },
      nationality: { nationalities: ['DE'] },
    });
  });

  it('reads the table backwards for the sandbox PID issuer, and forwards again to the same values', () => {
    const values = {
      naming: { given: 'Ada', family: 'Okonkwo', name: 'Ada Okonkwo' },
      address: { city: 'Lagos', postcode: '100271' },
      bio: { birthdate: '1991-04-12' },
    };
    const pid = pidAttributesOf(values);
    expect(pid).toEqual({
      given_name: 'Ada',
      family_name: 'Okonkwo',
      address: { locality: 'Lagos', postal_code: '100271' },
      birthdate: '1991-04-12',
    });
    expect(catalogValuesOf(pid, ['naming.name', 'address.postcode', 'bio.birthdate'])).toEqual({
      naming: { name: 'Ada Okonkwo' },
      address: { postcode: '100271' },
      bio: { birthdate: '1991-04-12' },
    });
  });
});
