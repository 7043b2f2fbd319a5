import type { Environment } from './setting';
import { boolean, httpUrl, integer, oneOf, proxyList, secondsList, subsetOf, text } from './setting-kinds';

const port = (env: Environment) => env.PORT || '3000';
const DEFAULT_DATA_DIR = './data';
const dataDir = (env: Environment) => env.DATA_DIR || DEFAULT_DATA_DIR;
/** A bad PORT is reported once, under its own name, not again through every URL derived from it. */
const localUrl = (env: Environment) => `http://localhost:${/^\d+$/.test(port(env)) ? port(env) : '3000'}`;

const BASE_URL_SETTING = httpUrl({
  group: 'Public addresses',
  description: 'Public address of the API; defaults to `http://localhost:$PORT`, served by this process.',
  default: localUrl,
});
/**
 * The other public addresses follow BASE_URL, so a deployment behind a proxy names its address once; a bad BASE_URL
 * is reported once, under its own name.
 */
const publicBase = (env: Environment) =>
  env.BASE_URL && 'value' in BASE_URL_SETTING.parse(env.BASE_URL) ? env.BASE_URL : localUrl(env);

/**
 * Every setting idflow reads, in the order `.env.example` and docs/configuration.md list them. The keys are the
 * environment variable names, so a message names exactly the variable the operator has to fix.
 */
export const SETTINGS = {
  NODE_ENV: oneOf(['development', 'production', 'test'], {
    group: 'Process',
    description: 'The environment the service runs in.',
    default: 'development',
  }),
  PORT: integer({ group: 'Process', description: 'HTTP port.', min: 0, max: 65535, default: 3000 }),
  SHUTDOWN_GRACE_SECONDS: integer({
    group: 'Process',
    description:
      'On SIGTERM or SIGINT: streams end, held polls are answered and pending work is written; past this many ' +
      'seconds the process exits whatever is still open.',
    min: 1,
    max: 600,
    default: 10,
  }),
  LOG_FORMAT: oneOf(['auto', 'json', 'pretty'], {
    group: 'Process',
    description:
      'How log lines are written: `json` lines, or `pretty` readable lines (pino-pretty, a development dependency); ' +
      '`auto` is pretty on a terminal outside production, JSON otherwise.',
    default: 'auto',
  }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    group: 'Process',
    description: 'Least severe level written to the JSON log.',
    default: 'info',
  }),

  DATA_DIR: text({
    group: 'Storage',
    description: 'Local data: the SQLite file of the embedded default and stored files.',
    default: DEFAULT_DATA_DIR,
  }),
  DATABASE_PATH: text({
    group: 'Storage',
    description: 'SQLite file of the embedded default (WAL mode); defaults to `$DATA_DIR/idflow.sqlite`.',
    default: (env) => `${dataDir(env)}/idflow.sqlite`,
  }),
  DATABASE_URL: text({
    group: 'Storage',
    description: 'Scaled out: a PostgreSQL URL, which wins over SQLite when set.',
    pattern: /^postgres(ql)?:\/\//,
    shape: 'a postgres:// or postgresql:// URL',
    secret: true,
  }),
  DATABASE_SCHEMA: text({
    group: 'Storage',
    description: "PostgreSQL schema to use; unset, the connection's search path (normally public).",
    pattern: /^[a-z_][a-z0-9_]*$/,
    shape: 'a lower-case PostgreSQL identifier',
  }),
  MIGRATIONS_RUN: boolean({
    group: 'Storage',
    description: 'Run pending migrations at start-up; false to migrate as a release step (`npm run migration:run`).',
    default: true,
  }),
  REDIS_URL: text({
    group: 'Storage',
    description: 'Scaled out: a Redis URL for the shared rate-limit counters and the flow event bus across instances.',
    pattern: /^rediss?:\/\//,
    shape: 'a redis:// or rediss:// URL',
    secret: true,
  }),
  REDIS_PREFIX: text({
    group: 'Storage',
    description:
      "Put before the name of every Redis channel idflow publishes on and every rate-limit counter it keeps, so that deployments sharing a Redis never hear each other's announcements nor share a client's count; give each deployment its own.",
    pattern: /^[A-Za-z0-9:_.-]{1,64}$/,
    shape: 'up to 64 letters, digits and `:_.-`',
    default: 'idflow:',
  }),
  KEY_ENCRYPTION_KEY: text({
    group: 'Storage',
    description:
      'Key that seals secrets kept in the database (32 bytes, base64); older keys after it, comma-separated, still ' +
      'open what they sealed. Required with DATABASE_URL; unset, a key file beside the database is made once.',
    secret: true,
  }),
  FILE_STORAGE: oneOf(['local', 'database', 's3'], {
    group: 'Storage',
    description:
      'Where document originals and stamped PDFs are kept: `local` under `$DATA_DIR/files` (one instance only), ' +
      '`database` in the database, or `s3` in an S3-compatible bucket (S3_*). Defaults to `database` when ' +
      'DATABASE_URL is set, as instances of a scaled-out deployment share no disk; `npm run cli -- files:migrate` ' +
      'moves existing files.',
    default: (env) => (env.DATABASE_URL ? 'database' : 'local'),
  }),
  S3_BUCKET: text({
    group: 'Storage',
    description: 'With FILE_STORAGE=s3: the bucket, which must exist. Required then.',
    pattern: /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    shape: 'an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
  }),
  S3_REGION: text({
    group: 'Storage',
    description: 'With FILE_STORAGE=s3: the region (`auto` for Cloudflare R2).',
    default: 'us-east-1',
  }),
  S3_ENDPOINT: text({
    group: 'Storage',
    description:
      "With FILE_STORAGE=s3: the store's endpoint for anything but AWS S3 (MinIO, R2, Ceph); unset, AWS's own.",
    pattern: /^https?:\/\/[^\s/]+(\/[^\s]*)?$/,
    shape: 'an http(s) URL',
  }),
  S3_FORCE_PATH_STYLE: boolean({
    group: 'Storage',
    description:
      'With FILE_STORAGE=s3: address the bucket in the path (`endpoint/bucket/key`) rather than the host name, as ' +
      'MinIO and Ceph usually need.',
    default: false,
  }),
  S3_KEY_PREFIX: text({
    group: 'Storage',
    description: 'With FILE_STORAGE=s3: a prefix for every object name, to share a bucket (`idflow/`).',
    pattern: /^[0-9A-Za-z!_.*'()/-]{1,200}$/,
    shape: "up to 200 letters, digits and !_.*'()/-",
  }),
  S3_ACCESS_KEY_ID: text({
    group: 'Storage',
    description:
      "With FILE_STORAGE=s3: the access key; unset, the SDK's own chain (AWS_* variables, an instance or task role).",
    secret: true,
  }),
  S3_SECRET_ACCESS_KEY: text({
    group: 'Storage',
    description: 'With FILE_STORAGE=s3 and S3_ACCESS_KEY_ID: its secret.',
    secret: true,
  }),
  FILE_SWEEP_SECONDS: integer({
    group: 'Storage',
    description: 'How often each instance removes stored files that no document references, in seconds.',
    min: 1,
    max: 86400,
    default: 600,
  }),
  ORPHAN_FILE_GRACE_SECONDS: integer({
    group: 'Storage',
    description:
      'How old an unreferenced stored file must be before the sweep removes it, in seconds: longer than any create takes.',
    min: 1,
    default: 3600,
  }),

  BASE_URL: BASE_URL_SETTING,
  OPEN_URL: httpUrl({
    group: 'Public addresses',
    description: 'Where same-device links open (`/open/<code>`); defaults to `BASE_URL`.',
    default: publicBase,
  }),
  SIGN_URL: httpUrl({
    group: 'Public addresses',
    description:
      'Where hosted review pages (`/review/<docId>`) and the verification page printed in sealed PDFs (`/verify`) are ' +
      'served; defaults to `BASE_URL`.',
    default: publicBase,
  }),
  CDN_URL: httpUrl({
    group: 'Public addresses',
    description: 'Where stored and stamped files are served (`/files/<key>`); defaults to `BASE_URL`.',
    default: publicBase,
  }),

  ADMIN_TOKEN: text({
    group: 'Access',
    description: 'Bearer token of the `/admin` API; unset, the admin API refuses every call.',
    minLength: 16,
    secret: true,
  }),
  CONSOLE_CLIENT_ID: text({
    group: 'Access',
    description:
      "The app (`app_...`) whose OIDC logins sign operators in, in place of the console's own: a public client of the " +
      'OpenID provider whose ID token, for a person named with `operator:add`, `POST /admin/session` exchanges for an ' +
      "operator's session; its redirect URIs must hold `BASE_URL/console/`. Unset, idflow's own console client for " +
      'CONSOLE_ENVIRONMENT (`app_idflowConsole00000000000`, or `app_idflowConsoleSandbox0000` in the sandbox) is made ' +
      'when the console is first opened.',
    pattern: /^app_[0-9A-Za-z]{1,60}$/,
    shape: 'an app id (app_...)',
  }),
  CONSOLE_ENVIRONMENT: oneOf(['production', 'sandbox'], {
    group: 'Access',
    description:
      'Whose digital IDs sign operators in to the console, when idflow makes its own console client: `production` ' +
      '(persons with the holder app), or `sandbox` (synthetic test persons, approved in the simulator). Each has a ' +
      'client of its own, so changing it switches the console to the other client at the next start.',
    default: 'production',
  }),
  TRUSTED_PROXIES: proxyList({
    group: 'Access',
    description:
      'Peers whose client-IP headers (CLIENT_IP_HEADERS) and `x-forwarded-proto`/`-host` are believed: the client IP ' +
      "(`x-forwarded-for` walked from the right past them), the OpenID provider's scheme and host. Any other peer is " +
      'the client. `*` behind a proxy that always overwrites them.',
    default: ['loopback', 'linklocal', 'uniquelocal'],
  }),
  CLIENT_IP_HEADERS: subsetOf(['cf-connecting-ip', 'x-real-ip', 'x-forwarded-for'], {
    group: 'Access',
    description:
      'The client-IP headers the trusted proxies set on every request; the others are ignored, so a client cannot ' +
      'choose its IP with a header the proxy passes through. Among those named the spec decides: `cf-connecting-ip`, ' +
      'else `x-real-ip`, else `x-forwarded-for`.',
    default: ['cf-connecting-ip', 'x-real-ip', 'x-forwarded-for'],
  }),
  RATE_LIMIT_PER_MINUTE: integer({
    group: 'Access',
    description: 'Requests a minute per client IP on every route (spec: 100).',
    min: 1,
    default: 100,
  }),
  RATE_LIMIT_IPV6_PREFIX: integer({
    group: 'Access',
    description: 'IPv6 clients are counted by network: the prefix length that names one subscriber (a /64 as a rule).',
    min: 32,
    max: 128,
    default: 64,
  }),
  OIDC_PUSHES_PER_LOGIN: integer({
    group: 'Access',
    description: 'Pushes to a NIN that one OpenID login page may send (anyone with the page may ask); past that, 429.',
    min: 1,
    max: 100,
    default: 3,
  }),
  OIDC_PUSHES_PER_NIN: integer({
    group: 'Access',
    description:
      "Pushes one NIN's phone gets per `OIDC_PUSH_WINDOW_SECONDS` from all OpenID login pages, of every app and " +
      "instance, and apart from those, from each app's CIBA logins; past that, 429 (CIBA: `access_denied`).",
    min: 1,
    max: 1000,
    default: 5,
  }),
  OIDC_PUSH_WINDOW_SECONDS: integer({
    group: 'Access',
    description: 'The window in which `OIDC_PUSHES_PER_NIN` is counted, in seconds.',
    min: 60,
    max: 86400,
    default: 600,
  }),
  OIDC_CIBA_POLL_INTERVAL_SECONDS: integer({
    group: 'Access',
    description:
      'Seconds a CIBA client in poll mode waits between polls (`interval`); a poll sooner than that gets `slow_down`.',
    min: 1,
    max: 60,
    default: 5,
  }),
  ACCESS_TOKEN_TTL_SECONDS: integer({
    group: 'Access',
    description: 'Lifetime of `x-access-token` grants, in seconds.',
    min: 60,
    max: 86400,
    default: 3600,
  }),

  FLOW_TTL_SECONDS: integer({
    group: 'Flows',
    description: 'Lifetime of identification and signing flows, in seconds.',
    min: 30,
    max: 86400,
    default: 300,
  }),
  QR_FRAME_TOLERANCE_SECONDS: integer({
    group: 'Flows',
    description:
      'How far the time of a scanned animated QR frame may be from the real time since its flow was created; an ' +
      'older (or newer) frame is refused, so a QR code relayed or photographed is soon worthless.',
    min: 1,
    max: 120,
    default: 10,
  }),
  STATIC_SEEDS: boolean({
    group: 'Flows',
    description:
      'Whether the static wildcard seeds of the spec may be scanned; with `false`, creates still answer them but only ' +
      'the animated QR frames pick a flow up.',
    default: true,
  }),
  NO_CLIENT_SECONDS: integer({
    group: 'Flows',
    description:
      'A pushed flow that no device of its person has fetched this many seconds after its creation shows the hint ' +
      '`noClient` (their app is not running, or has no network).',
    min: 1,
    max: 3600,
    default: 10,
  }),
  DOCUMENT_TTL_SECONDS: integer({
    group: 'Flows',
    description:
      'Lifetime of document flows, in seconds (default 7 days); signees who have not acted by then become `stale`.',
    min: 60,
    max: 7_776_000,
    note: '90 days',
    default: 604_800,
  }),
  MAX_FILE_BYTES: integer({
    group: 'Flows',
    description: 'The largest PDF a document flow downloads, in bytes (default 25 MiB).',
    min: 1024,
    max: 268_435_456,
    note: '256 MiB',
    default: 26_214_400,
  }),
  MAX_PDF_PAGES: integer({
    group: 'Flows',
    description:
      'The most pages the PDF of a document flow may have, counted as distinct page objects; a file with more is ' +
      'refused when the document is created.',
    min: 1,
    max: 100_000,
    default: 1000,
  }),
  STREAMS_PER_FLOW: integer({
    group: 'Flows',
    description:
      'Server-sent event streams open at once on one instance for one flow or review document; legacy held polls are ' +
      'capped alike, counted apart.',
    min: 1,
    default: 10,
  }),
  STREAMS_PER_APP: integer({
    group: 'Flows',
    description:
      "Server-sent event streams open at once on one instance for one app's flows; held polls alike, counted apart.",
    min: 1,
    default: 1000,
  }),
  STREAMS_PER_CLIENT_IP: integer({
    group: 'Flows',
    description:
      'Server-sent event streams (flows, review pages, devices) open at once on one instance per client IP; held polls ' +
      'alike, counted apart.',
    min: 1,
    default: 100,
  }),
  POLL_HOLD_SECONDS: integer({
    group: 'Flows',
    description: 'How long legacy polling holds a request before answering with the unchanged state, in seconds.',
    min: 1,
    max: 300,
    default: 60,
  }),
  EXPIRY_SWEEP_SECONDS: integer({
    group: 'Flows',
    description: 'How often each instance marks overdue flows expired and publishes the change, in seconds.',
    min: 1,
    max: 3600,
    default: 5,
  }),
  DOCUMENT_REMINDER_PASS_SECONDS: integer({
    group: 'Flows',
    description:
      "How often each instance sends the documents' due reminders and expiry warnings, in seconds; each is claimed by one instance alone.",
    min: 1,
    max: 3600,
    default: 30,
  }),
  DOCUMENT_EXPIRY_WARNING_SECONDS: integer({
    group: 'Flows',
    description:
      'How long before an open document expires its `document.expiring` webhook goes out (once), in seconds; none for a document whose whole lifetime is shorter.',
    min: 60,
    max: 7_776_000,
    note: '90 days',
    default: 86_400,
  }),

  SEAL_NAME: text({
    group: 'Document seal',
    description:
      "The deployment, as the seal certificate's subject names it (the sandbox seal CA issues `O=<name>, CN=<name> " +
      "document seal`); the subject of an operator's PKCS#12 is its own.",
    default: 'idflow',
  }),
  SEAL_P12_PATH: text({
    group: 'Document seal',
    description:
      "A PKCS#12 file with the seal's key, certificate and issuers; unset, idflow makes a sandbox seal CA and a seal " +
      'certificate once, kept in the database and published at `/.well-known/idflow-seal-ca.pem`.',
  }),
  SEAL_P12_PASSWORD: text({
    group: 'Document seal',
    description: 'The password of `SEAL_P12_PATH`.',
    minLength: 0,
    secret: true,
  }),
  SEAL_KEY_PKCS11_URI: text({
    group: 'Document seal',
    description:
      "The seal's private key in a PKCS#11 token (an HSM), as an RFC 7512 URI naming the token, the key and the " +
      'library: `pkcs11:token=idflow;object=seal?module-path=/usr/lib/softhsm/libsofthsm2.so`. Documents are sealed ' +
      'inside the token and the key never leaves it; the certificate stays where it is without it (the certificates ' +
      'of `SEAL_P12_PATH`, or the sandbox seal CA, which certifies the token key). The PIN is ' +
      '`SEAL_KEY_PKCS11_PIN` or a `pin-source` file; a `pin-value` in the URI is refused.',
    pattern: /^pkcs11:/,
    shape: 'a pkcs11: URI (RFC 7512)',
  }),
  SEAL_KEY_PKCS11_PIN: text({
    group: 'Document seal',
    description: 'The user PIN of the token `SEAL_KEY_PKCS11_URI` names.',
    secret: true,
  }),
  EUDI_VERIFIER_CERT_PATH: text({
    group: 'EU Digital Identity Wallet',
    description:
      "A PEM file with the verifier's certificate first, then its issuers: wallets see the request objects signed by " +
      'its key and the `x509_hash:` client identifier made from it; unset, idflow makes a sandbox verifier certificate ' +
      'once, kept in the database.',
  }),
  EUDI_VERIFIER_KEY_PATH: text({
    group: 'EU Digital Identity Wallet',
    description: "The verifier certificate's P-256 private key, PKCS#8 PEM; needed with `EUDI_VERIFIER_CERT_PATH`.",
  }),
  EUDI_VERIFIER_P12_PATH: text({
    group: 'EU Digital Identity Wallet',
    description:
      "A PKCS#12 file with the verifier's P-256 key, its certificate and issuers: instead of `EUDI_VERIFIER_CERT_PATH` " +
      'and `EUDI_VERIFIER_KEY_PATH`, never with them.',
  }),
  EUDI_VERIFIER_P12_PASSWORD: text({
    group: 'EU Digital Identity Wallet',
    description: 'The password of `EUDI_VERIFIER_P12_PATH`.',
    minLength: 0,
    secret: true,
  }),
  EUDI_TRUST_LIST_PATH: text({
    group: 'EU Digital Identity Wallet',
    description:
      'The PID issuers whose credentials are accepted: a PEM bundle of their CAs, or an EU PID providers list (a ' +
      'List of Trusted Entities, ETSI TS 119 602, as a `trustlist+jwt` JWS) signed by a certificate of ' +
      '`EUDI_TRUST_LIST_SIGNER_PATH`; read at start. Unset, production flows accept none. Sandbox flows (`bk-test_` ' +
      "apps) also accept the sandbox PID issuer's CA (`/.well-known/idflow-pid-issuer-ca.pem`).",
  }),
  EUDI_TRUST_LIST_SIGNER_PATH: text({
    group: 'EU Digital Identity Wallet',
    description:
      "A PEM bundle of the certificates of the PID providers list's scheme operator, one of which must have signed the " +
      'list at `EUDI_TRUST_LIST_PATH` (and be valid now); needed only when that is a list rather than a PEM bundle.',
  }),
  EUDI_REGISTRATION_CERT_PATH: text({
    group: 'EU Digital Identity Wallet',
    description:
      "A file holding the relying party's registration certificate (ETSI TS 119 475, a `rc-wrp+jwt` JWT from its " +
      "registrar): read at start, checked to name the relying party of the verifier certificate's " +
      "organizationIdentifier, and carried in every request object's `verifier_info`.",
  }),
  TSA_URL: text({
    group: 'Document seal',
    description:
      'An RFC 3161 timestamp authority: seals then carry a signature timestamp and, at `B-LTA`, a document timestamp; ' +
      'unset, seals are B-B. Reached through the outbound guard.',
    pattern: /^https?:\/\/[^\s]+$/,
    shape: 'an http(s) URL',
  }),
  SIGNING_PROVIDERS: text({
    group: 'Document seal',
    description:
      "The CSC API v2 remote signing providers that make signees' own signatures (documents created with " +
      '`"signature": "advanced"`), as JSON: `[{"name","baseUrl","clientId","clientSecret"}]`; the first signs, unless ' +
      "the document's consumer has its own provider for its environment (admin API, CLI). Unset, sandbox documents " +
      'are signed by the sandbox provider idflow serves at `{BASE_URL}/csc/v2`, and production documents need their ' +
      "consumer's own.",
    secret: true,
  }),
  SANDBOX_SIGNING_PKCS11_URI: text({
    group: 'Document seal',
    description:
      "The PKCS#11 token (an HSM) in which the sandbox signing provider generates and uses its keys, its signers' and " +
      "its signing CA's, as an RFC 7512 URI naming the token and the library: " +
      '`pkcs11:token=signers?module-path=/usr/lib/softhsm/libsofthsm2.so`. Unset, they are made in software and kept ' +
      'sealed in the database; a CA made so before stays there. The PIN is ' +
      '`SANDBOX_SIGNING_PKCS11_PIN` or a `pin-source` file.',
    pattern: /^pkcs11:/,
    shape: 'a pkcs11: URI (RFC 7512)',
  }),
  SANDBOX_SIGNING_PKCS11_PIN: text({
    group: 'Document seal',
    description: 'The user PIN of the token `SANDBOX_SIGNING_PKCS11_URI` names.',
    secret: true,
  }),
  ARCHIVE_RENEWAL_DAYS: integer({
    group: 'Document seal',
    description:
      "How long before the certificate of a B-LTA document's latest document timestamp expires that a fresh DSS " +
      'and document timestamp are added to it (archive renewal), in days.',
    min: 1,
    max: 3650,
    default: 90,
  }),
  ARCHIVE_RENEWAL_PASS_SECONDS: integer({
    group: 'Document seal',
    description:
      'How often each instance renews the archive timestamps that are due, in seconds; each document is claimed by ' +
      'one instance alone.',
    min: 1,
    max: 86_400,
    default: 3600,
  }),
  SEAL_RETRY_SCHEDULE: secondsList({
    group: 'Document seal',
    description:
      "Seconds before each retry of a document's seal when the timestamp authority, a revocation service or file " +
      'storage fails, fractions allowed. Until the last entry is spent a seal is made at `SEAL_LEVEL` or not at all; ' +
      'after it, at the highest level the services then allow (logged), so a document is not held back for good; ' +
      'other failures go on being retried at the last entry.',
    default: [10, 60, 300, 1800, 7200],
    maxItems: 20,
    max: 604_800,
  }),
  SEAL_LEASE_SECONDS: integer({
    group: 'Document seal',
    description:
      "How long an instance holds a document's seal it took on, in seconds: longer than making one takes (reading the " +
      'original, the timestamp and revocation calls). An instance that dies meanwhile leaves it to be taken on again ' +
      'after this long, by itself once restarted or by another.',
    min: 1,
    max: 86_400,
    default: 120,
  }),
  SEAL_LEVEL: oneOf(['B-B', 'B-T', 'B-LT', 'B-LTA'], {
    group: 'Document seal',
    description:
      'The PAdES level seals are made at: `B-B` (signature alone), `B-T` (with a signature timestamp from `TSA_URL`), ' +
      '`B-LT` (also the validation data of the seal and timestamp chains, OCSP answers or CRLs, in a /DSS), `B-LTA` ' +
      '(then a document timestamp from `TSA_URL` over the whole file, and its own validation data). Defaults to the ' +
      'highest the configuration allows: `B-LTA` with `TSA_URL`, `B-B` without; a level above `B-B` without ' +
      '`TSA_URL` stops the start.',
    default: (env) => (env.TSA_URL ? 'B-LTA' : 'B-B'),
  }),

  ALLOW_PRIVATE_URLS: boolean({
    group: 'Outbound calls',
    description:
      'Let every call idflow makes out (webhooks, document downloads, Web Push, OIDC clients, timestamp and ' +
      'revocation services) reach loopback, private and link-local addresses (development and tests only; cloud ' +
      'metadata services stay refused).',
    default: false,
  }),
  ALLOW_INSECURE_URLS: boolean({
    group: 'Outbound calls',
    description:
      'Let every call idflow makes out (webhooks, document downloads, Web Push, OIDC clients, timestamp and ' +
      'revocation services) use plain `http:` (development and tests only).',
    default: false,
  }),
  WEBHOOK_HOST_CHECK: oneOf(['resolve', 'syntax'], {
    group: 'Outbound calls',
    description:
      'How a webhook host is checked when a flow is created: `resolve` also looks its name up and refuses a name that ' +
      'does not resolve or resolves to a refused address; `syntax` checks the URL alone (for offline test setups).',
    default: 'resolve',
  }),
  VAPID_SUBJECT: text({
    group: 'Outbound calls',
    description:
      "The contact push services see in the holder app's Web Push requests (RFC 8292 `sub`): an `https:` or " +
      '`mailto:` URL; defaults to `BASE_URL` when that is https, else `mailto:` the postmaster of its host.',
    pattern: /^(https:\/\/|mailto:)\S+$/,
    shape: 'an https: or mailto: URL',
    default: (env) => {
      // A bad PORT is reported under its own name, so an address that does not parse is no error here.
      const base = URL.parse(publicBase(env));
      return base?.protocol === 'https:' ? base.origin : `mailto:postmaster@${base?.hostname || 'localhost'}`;
    },
  }),
  WEBHOOK_RETRY_SCHEDULE: secondsList({
    group: 'Outbound calls',
    description:
      'Seconds before each retry of a failed webhook delivery, fractions allowed; after the last, it is `failed`.',
    default: [5, 300, 1800, 7200, 18000, 36000],
    maxItems: 20,
    max: 604_800,
  }),

  FREE_MONTHLY_ALLOWANCE: integer({
    group: 'Billing of live keys',
    description: 'Billable calls each consumer makes free per calendar month (UTC) with live keys.',
    min: 0,
    max: 1_000_000_000,
    default: 100,
  }),
  PRICE_AUTHENTICATION: integer({
    group: 'Billing of live keys',
    description: 'Price of an identification create beyond the allowance, in minor units of the balance.',
    min: 0,
    max: 1_000_000_000,
    note: 'minor units',
    default: 50,
  }),
  PRICE_SIGNATURE: integer({
    group: 'Billing of live keys',
    description: 'Price of a signing or document create beyond the allowance, in minor units of the balance.',
    min: 0,
    max: 1_000_000_000,
    note: 'minor units',
    default: 100,
  }),
  METRICS_TOKEN: text({
    group: 'Metrics and traces',
    description:
      'Bearer token of `GET /metrics` (Prometheus text format). Unset, and without METRICS_PORT, `/metrics` answers 404.',
    minLength: 16,
    secret: true,
  }),
  METRICS_PORT: integer({
    group: 'Metrics and traces',
    description:
      'Serve `/metrics` on this port instead of PORT, for a port only the scraper can reach; it asks for ' +
      'METRICS_TOKEN too when that is set.',
    min: 1,
    max: 65535,
  }),
  RETENTION_SWEEP_SECONDS: integer({
    group: 'Retention',
    description: 'How often each instance deletes what has aged out (a bounded batch of each kind per pass).',
    min: 1,
    max: 86_400,
    default: 3600,
  }),
  USAGE_RETENTION_DAYS: integer({
    group: 'Retention',
    description: 'Usage records (what each call was billed) are deleted this many days after the call.',
    min: 1,
    note: 'days',
    default: 400,
  }),
  FLOW_RETENTION_DAYS: integer({
    group: 'Retention',
    description:
      'Ended flows (with their codes and claims), and documents all of whose flows have ended, are deleted this many ' +
      'days after they ended.',
    min: 1,
    note: 'days',
    default: 90,
  }),
  WEBHOOK_RETENTION_DAYS: integer({
    group: 'Retention',
    description: 'Webhook deliveries that succeeded or failed for good are deleted this many days after.',
    min: 1,
    note: 'days',
    default: 30,
  }),
};

export type SettingName = keyof typeof SETTINGS;
