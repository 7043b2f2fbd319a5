/** The form of the configured trust list of PID issuers: none, PEM certificates, or a signed PID providers list. */
export type TrustListForm = 'none' | 'pem' | 'pid-providers-list';
