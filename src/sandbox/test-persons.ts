import type { ClaimGroup, ClaimName } from '../claims/claim-catalog';
import type { ClaimValue } from '../persons/claim-values';
import { ageOverOf } from '../claims/age-over';

/** A value for every claim of the catalog, so a sandbox app can try any claim it may request. */
/** Every claim of the catalog; names are plain text, so a person's display name is one of them. */
type CompleteClaims = { [G in ClaimGroup]: Record<ClaimName<G>, ClaimValue> } & {
  naming: Record<ClaimName<'naming'>, string>;
};

export interface TestPerson {
  nin: string;
  name: string;
  claims: CompleteClaims;
}

/** A test person, their `age` claims made from their birthdate, so they stay true as the years pass. */
const testPerson = (nin: string, claims: Omit<CompleteClaims, 'age'>): TestPerson => ({
  nin,
  name: claims.naming.name,
  claims: { ...claims, age: ageOverOf(claims.bio.birthdate as string) },
});

/** The synthetic sandbox holders. Fixed values, so integrators can write tests against them. */
export const TEST_PERSONS: readonly TestPerson[] = [
  testPerson('10000000001', {
    bio: {
      birthplace: 'Enugu',
      birthdate: '1991-04-12',
      gender: 'female',
      maritalstatus: 'married',
      birthnumber: 'NPC/EN/1991/045127',
    },
    contact: { email: 'adaeze.okonkwo@example.com', emailVerified: true, phone: '+2348030000001', phoneVerified: true },
    address: {
      city: 'Lagos',
      postcode: '100271',
      country: 'NG',
      place: 'Ikeja',
      formatted: '14 Allen Avenue, Ikeja, Lagos 100271, Nigeria',
      longitude: 3.3515,
      latitude: 6.6018,
    },
    naming: {
      family: 'Okonkwo',
      given: 'Adaeze',
      title: 'Mrs',
      name: 'Adaeze Okonkwo',
      middle: 'Chioma',
      titlePrefix: 'Mrs.',
      titleSuffix: 'FCA',
      nickname: 'Ada',
    },
    nationality: { nationalities: ['NG'], pep: false, primary: 'NG', residence: 'NG', watchListed: false },
    idcards: {
      passport: { number: 'A10000001', issuingCountry: 'NG', issuedOn: '2019-06-10', expiresOn: '2029-06-09' },
    },
    financial: { bvn: '22100000001', bvnBank: 'Access Bank', bvnLevel: 2, bvnIAT: 1546300800 },
    medical: { bloodType: 'O+', genotype: 'AA', allergies: ['penicillin'] },
    education: {
      highestDegree: 'BSc',
      fieldOfStudy: 'Accounting',
      institution: 'University of Nigeria, Nsukka',
      graduationYear: 2013,
    },
  }),
  testPerson('10000000002', {
    bio: {
      birthplace: 'Ibadan',
      birthdate: '1983-09-30',
      gender: 'male',
      maritalstatus: 'married',
      birthnumber: 'NPC/OY/1983/112904',
    },
    contact: {
      email: 'babajide.adeyemi@example.com',
      emailVerified: true,
      phone: '+2348030000002',
      phoneVerified: false,
    },
    address: {
      city: 'Ibadan',
      postcode: '200284',
      country: 'NG',
      place: 'Bodija',
      formatted: '7 Awolowo Avenue, Bodija, Ibadan 200284, Nigeria',
      longitude: 3.9167,
      latitude: 7.4352,
    },
    naming: {
      family: 'Adeyemi',
      given: 'Babajide',
      title: 'Doctor',
      name: 'Babajide Adeyemi',
      middle: 'Oluwaseun',
      titlePrefix: 'Dr.',
      titleSuffix: 'MBBS',
      nickname: 'Jide',
    },
    nationality: { nationalities: ['NG', 'GB'], pep: true, primary: 'NG', residence: 'NG', watchListed: false },
    idcards: {
      passport: { number: 'A10000002', issuingCountry: 'NG', issuedOn: '2021-02-01', expiresOn: '2031-01-31' },
    },
    financial: { bvn: '22100000002', bvnBank: 'First Bank of Nigeria', bvnLevel: 3, bvnIAT: 1420070400 },
    medical: { bloodType: 'A+', genotype: 'AS', allergies: ['peanuts', 'shellfish'] },
    education: {
      highestDegree: 'MBBS',
      fieldOfStudy: 'Medicine and Surgery',
      institution: 'University of Ibadan',
      graduationYear: 2008,
    },
  }),
  testPerson('10000000003', {
    bio: {
      birthplace: 'Kano',
      birthdate: '1996-01-23',
      gender: 'female',
      maritalstatus: 'single',
      birthnumber: 'NPC/KN/1996/007731',
    },
    contact: { email: 'hauwa.bello@example.com', emailVerified: false, phone: '+2348030000003', phoneVerified: true },
    address: {
      city: 'Abuja',
      postcode: '900103',
      country: 'NG',
      place: 'Garki',
      formatted: '21 Ahmadu Bello Way, Garki, Abuja 900103, Nigeria',
      longitude: 7.4898,
      latitude: 9.0292,
    },
    naming: {
      family: 'Bello',
      given: 'Hauwa',
      title: 'Ms',
      name: 'Hauwa Bello',
      middle: 'Amina',
      titlePrefix: 'Ms.',
      titleSuffix: 'BSc',
      nickname: 'Hauwy',
    },
    nationality: { nationalities: ['NG'], pep: false, primary: 'NG', residence: 'NG', watchListed: false },
    idcards: {
      passport: { number: 'A10000003', issuingCountry: 'NG', issuedOn: '2023-08-14', expiresOn: '2033-08-13' },
    },
    financial: { bvn: '22100000003', bvnBank: 'Guaranty Trust Bank', bvnLevel: 1, bvnIAT: 1640995200 },
    medical: { bloodType: 'B+', genotype: 'AA', allergies: ['dust mites'] },
    education: {
      highestDegree: 'BSc',
      fieldOfStudy: 'Computer Science',
      institution: 'Ahmadu Bello University',
      graduationYear: 2018,
    },
  }),
  testPerson('10000000004', {
    bio: {
      birthplace: 'Onitsha',
      birthdate: '1988-07-05',
      gender: 'male',
      maritalstatus: 'divorced',
      birthnumber: 'NPC/AN/1988/090215',
    },
    contact: { email: 'chinedu.eze@example.com', emailVerified: true, phone: '+2348030000004', phoneVerified: true },
    address: {
      city: 'Port Harcourt',
      postcode: '500272',
      country: 'NG',
      place: 'GRA Phase 2',
      formatted: '3 Tombia Street, GRA Phase 2, Port Harcourt 500272, Nigeria',
      longitude: 7.0134,
      latitude: 4.8242,
    },
    naming: {
      family: 'Eze',
      given: 'Chinedu',
      title: 'Mr',
      name: 'Chinedu Eze',
      middle: 'Ifeanyi',
      titlePrefix: 'Mr.',
      titleSuffix: 'MBA',
      nickname: 'Nedu',
    },
    nationality: { nationalities: ['NG'], pep: false, primary: 'NG', residence: 'NG', watchListed: true },
    idcards: {
      passport: { number: 'A10000004', issuingCountry: 'NG', issuedOn: '2018-11-20', expiresOn: '2028-11-19' },
    },
    financial: { bvn: '22100000004', bvnBank: 'Zenith Bank', bvnLevel: 2, bvnIAT: 1514764800 },
    medical: { bloodType: 'O-', genotype: 'AS', allergies: ['latex'] },
    education: {
      highestDegree: 'MBA',
      fieldOfStudy: 'Business Administration',
      institution: 'Lagos Business School',
      graduationYear: 2016,
    },
  }),
];

/** Test persons who hold a digital ID: the sandbox gives each a virtual device that the simulator acts through. */
export const TEST_PERSONS_WITH_DIGITAL_ID: readonly string[] = ['10000000001', '10000000002', '10000000003'];

/** A known sandbox person with no digital ID, for the "national has no digital ID" answer (spec section 7). */
export const NIN_WITHOUT_DIGITAL_ID = '10000000004';
