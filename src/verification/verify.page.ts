import { renderHtmlPage } from '../common/html/html-page';

export interface VerifyPage {
  nonce: string;
  maxFileBytes: number;
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1c2430; }
  main { max-width: 40rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  .source { border-top: 1px solid #e3e7ec; padding: 1rem 0; }
  label { display: block; font-weight: 600; margin-bottom: .5rem; }
  .hint { color: #5a6675; font-size: .9rem; margin: .25rem 0 0; }
  .row { display: flex; gap: .5rem; }
  input[type=url] { flex: 1; padding: .6rem; border: 1px solid #c4ccd6; border-radius: 6px; font: inherit; }
  button { padding: .6rem 1.2rem; background: #1757d6; color: #fff; border: 0; border-radius: 6px; font: inherit;
           font-weight: 600; cursor: pointer; }
  #outcome { border-radius: 10px; padding: 1rem 1.25rem; margin-top: 1rem; border: 2px solid #c4ccd6; }
  #outcome.verified { border-color: #1e8e3e; background: #e9f6ec; }
  #outcome.not-verified, #outcome.failed { border-color: #c5221f; background: #fcebea; }
  #outcome.verified #verdict { color: #1e6b30; }
  #outcome.not-verified #verdict, #outcome.failed #verdict { color: #a11b18; }
  #verdict { font-size: 1.25rem; margin: 0 0 .5rem; }
  #sandbox { font-weight: 600; color: #8a5a00; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: .75rem 0; }
  dt { color: #5a6675; }
  dd { margin: 0; overflow-wrap: anywhere; }
  #signers, #pdf-signatures { padding-left: 1.25rem; }
  #signers li, #pdf-signatures li { margin-bottom: .75rem; }
  .digest { font-family: ui-monospace, monospace; font-size: .8rem; color: #5a6675; overflow-wrap: anywhere; }
`;

/**
 * Everything the page shows comes from the JSON route and is written with textContent, so nothing a signer's name or
 * a document title contains can become markup.
 */
const SCRIPT = `
  const outcome = document.getElementById('outcome');
  const field = (id) => document.getElementById(id);

  function show(kind, verdict, summary) {
    outcome.hidden = false;
    outcome.className = kind;
    field('verdict').textContent = verdict;
    field('summary').textContent = summary;
    const parts = ['details', 'signers-heading', 'signers', 'sandbox', 'digest', 'pades-heading', 'pades'];
    for (const id of [...parts, 'pdf-signatures']) field(id).hidden = true;
    for (const id of ['details', 'signers', 'pades', 'pdf-signatures']) field(id).replaceChildren();
  }

  function term(list, name, value) {
    const dt = document.createElement('dt');
    dt.textContent = name;
    const dd = document.createElement('dd');
    dd.textContent = value;
    list.append(dt, dd);
  }

  const BASES = {
    'current-time': 'the current time',
    'document-timestamp': 'the document timestamp',
    'signature-timestamp': 'the signature timestamp',
  };

  function item(list, title, facts) {
    const entry = document.createElement('li');
    const name = document.createElement('strong');
    name.textContent = title;
    const details = document.createElement('dl');
    for (const [label, value] of facts) if (value !== undefined) term(details, label, value);
    entry.append(name, details);
    list.append(entry);
  }

  // The file's own PAdES signatures and timestamps, whatever the verdict: a validator's view beside our record's.
  function renderPades(pades) {
    if (pades.signatures.length === 0 && pades.timestamps.length === 0) return;
    const summary = field('pades');
    term(summary, 'PAdES level', pades.level || 'none: the seal is not valid');
    term(summary, 'Validated at', pades.validatedAtIso + ' (' + BASES[pades.validationTimeBasis] + ')');
    const list = field('pdf-signatures');
    const yes = (value) => (value ? 'yes' : 'no');
    for (const signature of pades.signatures) {
      item(list, 'Signature by ' + (signature.signer || 'an unknown signer'), [
        ['Claimed time', signature.signedAtIso],
        ['Valid', yes(signature.valid)],
        ['Trusted', yes(signature.trusted)],
        ['Certificate', signature.revokedAtIso ? 'revoked at ' + signature.revokedAtIso : signature.certificateStatus],
      ]);
    }
    for (const timestamp of pades.timestamps) {
      item(list, (timestamp.type === 'document' ? 'Document timestamp' : 'Signature timestamp'), [
        ['Authority', timestamp.authority],
        ['Time', timestamp.timeIso],
        ['Valid', yes(timestamp.valid)],
      ]);
    }
    for (const id of ['pades-heading', 'pades', 'pdf-signatures']) field(id).hidden = false;
  }

  function render(data) {
    if (data.verified) {
      show('verified', 'Verified: issued by idflow, unaltered', data.summary);
      const doc = data.document;
      const details = field('details');
      term(details, 'Document', doc.title);
      term(details, 'Document id', doc.id);
      term(details, 'Pages', String(doc.pages));
      term(details, 'Completed', doc.completedAtIso);
      details.hidden = false;
      field('sandbox').hidden = doc.environment !== 'sandbox';
      const signers = field('signers');
      for (const signer of doc.signers) {
        const item = document.createElement('li');
        const name = document.createElement('strong');
        name.className = 'signer-name';
        name.textContent = signer.name;
        const facts = document.createElement('dl');
        if (signer.representing) term(facts, 'Representing', signer.representing);
        if (signer.title) term(facts, 'Title', signer.title);
        term(facts, 'Signed at', signer.signedAtIso);
        term(facts, 'Identification', signer.identification);
        term(facts, 'Signature fingerprint', signer.signatureFingerprint);
        item.append(name, facts);
        signers.append(item);
      }
      field('signers-heading').hidden = false;
      signers.hidden = false;
    } else {
      show('not-verified', 'Not verified', data.summary);
    }
    renderPades(data.pades);
    field('digest').textContent = 'SHA-256 of the file: ' + data.sha256;
    field('digest').hidden = false;
  }

  async function verify(init) {
    show('pending', 'Checking…', '');
    let response;
    try {
      response = await fetch(window.location.pathname, { method: 'POST', ...init });
    } catch {
      show('failed', 'Could not check the file', 'The service could not be reached. Try again.');
      return;
    }
    const text = await response.text();
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {
      show('failed', 'Could not check the file', text);
      return;
    }
    if (answer.status !== 'successful') {
      const problems = (answer.errors || []).map((issue) => issue.message).join(' ');
      show('failed', 'Could not check the file', problems || answer.reason);
      return;
    }
    render(answer.data);
  }

  field('file').addEventListener('change', (event) => {
    const file = event.target.files[0];
    if (file) verify({ headers: { 'content-type': 'application/pdf' }, body: file });
  });
  field('by-url').addEventListener('submit', (event) => {
    event.preventDefault();
    verify({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: field('url').value }) });
  });
`;

function fileSize(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return mebibytes >= 1 ? `${Math.floor(mebibytes * 10) / 10} MiB` : `${Math.floor(bytes / 1024)} KiB`;
}

/** `GET /verify`: checks a stamped PDF, uploaded or by link, through `POST /verify` on the same path. */
export function renderVerifyPage(page: VerifyPage): string {
  return renderHtmlPage({
    title: 'Verify a signed document',
    nonce: page.nonce,
    style: STYLE,
    main: `<h1>Verify a signed document</h1>
    <p>Check that a signed PDF was issued by idflow and has not been changed since, and see who signed it and when.
      The file is compared with our record byte for byte; it is not kept.</p>
    <section class="source">
      <label for="file">Upload the signed PDF</label>
      <input type="file" id="file" accept="application/pdf,.pdf">
      <p class="hint">At most ${fileSize(page.maxFileBytes)}.</p>
    </section>
    <section class="source">
      <form id="by-url">
        <label for="url">Or give a link to it</label>
        <div class="row">
          <input type="url" id="url" required placeholder="https://">
          <button type="submit" id="check-url">Check</button>
        </div>
      </form>
    </section>
    <section id="outcome" role="status" aria-live="polite" hidden>
      <h2 id="verdict"></h2>
      <p id="summary"></p>
      <p id="sandbox" hidden>Signed in the sandbox: the signers are test identities and this proves nobody's consent.</p>
      <dl id="details" hidden></dl>
      <h3 id="signers-heading" hidden>Signed by</h3>
      <ol id="signers" hidden></ol>
      <h3 id="pades-heading" hidden>Signatures and timestamps in the file</h3>
      <dl id="pades" hidden></dl>
      <ul id="pdf-signatures" hidden></ul>
      <p id="digest" class="digest" hidden></p>
    </section>`,
    script: SCRIPT,
  });
}
