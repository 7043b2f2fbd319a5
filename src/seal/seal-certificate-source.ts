/** Where the seal certificate comes from: the operator's PKCS#12 (`SEAL_P12_PATH`), or the sandbox seal idflow made. */
export type SealCertificateSource = 'pkcs12' | 'sandbox';
