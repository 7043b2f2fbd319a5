import { escapeHtml } from '../common/html/escape-html';
import { renderHtmlPage } from '../common/html/html-page';
import { DECLINE_REASON_MAX_LENGTH } from '../flows/kinds/decline-reason';
import { REVIEW_PAGE_SCRIPT } from './review-page.script';
import type { ReviewSigneeState, ReviewState } from './review-state';

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1c2430; }
  main { max-width: 52rem; margin: 2rem auto; padding: 2rem; background: #fff; border-radius: 12px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
  .asker { color: #55606e; margin: 0 0 1rem; }
  .summary { padding: .75rem 1rem; border-radius: 8px; background: #eef3fb; }
  .summary[data-status="completed"] { background: #e7f6ec; }
  .summary[data-status="rejected"], .summary[data-status="cancelled"], .summary[data-status="expired"] {
    background: #fdecec; }
  iframe { width: 100%; height: 32rem; border: 1px solid #d8dee6; border-radius: 8px; background: #eef1f5; }
  ol { list-style: none; padding: 0; margin: 0; }
  .signee label { display: flex; gap: .75rem; align-items: center; padding: .65rem .75rem; border: 1px solid #e3e7ec;
                  border-radius: 8px; margin-bottom: .5rem; cursor: pointer; }
  .signee input:disabled + .who { color: #7a8594; }
  .who { flex: 1; display: flex; flex-direction: column; }
  .role, .nin { font-size: .9rem; color: #55606e; }
  .status { font-size: .9rem; font-weight: 600; }
  .signee[data-status="signed"] .status { color: #1b7a3d; }
  .signee[data-status="rejected"] .status, .signee[data-status="stale"] .status { color: #b42318; }
  .actions button { font: inherit; padding: .7rem 1.2rem; margin: .25rem .5rem .25rem 0; border-radius: 8px;
                    border: 1px solid #1757d6; background: #1757d6; color: #fff; font-weight: 600; cursor: pointer; }
  .actions button.secondary { background: #fff; color: #1757d6; }
  .hint { font-size: .9rem; color: #55606e; margin: 0 0 .5rem; }
  .actions button.danger { background: #fff; color: #b42318; border-color: #b42318; }
  .actions button:disabled { opacity: .45; cursor: not-allowed; }
  .confirm { padding: .75rem 1rem; border-radius: 8px; background: #fdecec; }
  #message { min-height: 1.5rem; }
  #message.failed { color: #b42318; }
  .stamped a { font-weight: 600; }
`;

function page(title: string, nonce: string, main: string, script?: string): string {
  return renderHtmlPage({ title, nonce, style: STYLE, main, script });
}

/** JSON placed inside a `<script>` element: `<` escaped, so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function roleOf(signee: ReviewSigneeState): string {
  return [signee.title, signee.representing].filter(Boolean).join(', ');
}

function signeeRow(signee: ReviewSigneeState): string {
  const role = roleOf(signee);
  return `<li class="signee" data-position="${signee.position}" data-status="${signee.status}">
        <label>
          <input type="radio" name="signee" value="${signee.position}"${signee.open ? '' : ' disabled'}>
          <span class="who">
            <strong class="name">${escapeHtml(signee.name)}</strong>
            ${role ? `<span class="role">${escapeHtml(role)}</span>` : ''}
            <span class="nin">NIN ${escapeHtml(signee.nin)}</span>
          </span>
          <span class="status">${escapeHtml(signee.statusLabel)}</span>
        </label>
      </li>`;
}

/**
 * `{SIGN_URL}/review/<docId>`: the document, its signees, and what the signee picked can do. Rendered complete on the
 * server; the script only updates statuses and buttons as the document moves.
 */
export function renderReviewPage(review: ReviewState, nonce: string): string {
  const stamped = review.file.stamped ?? '';
  return page(
    `${review.title}: review and sign`,
    nonce,
    `<h1 id="title">${escapeHtml(review.title)}</h1>
    <p class="asker"><strong id="app-name">${escapeHtml(review.app)}</strong> asks for your signature on this document.</p>
    <p class="summary" id="document-status" data-status="${review.status}" role="status">${escapeHtml(review.summary)}</p>
    <p class="stamped" id="stamped-section"${stamped ? '' : ' hidden'}>
      <a id="stamped" href="${escapeHtml(stamped)}">Download the signed PDF</a>
    </p>
    <h2>The document</h2>
    <iframe id="document-frame" src="${escapeHtml(review.file.url)}" title="${escapeHtml(review.title)}"></iframe>
    <p><a id="download" href="${escapeHtml(review.file.url)}">Download the PDF</a> (${review.file.pages} ${review.file.pages === 1 ? 'page' : 'pages'})</p>
    <h2>Signees</h2>
    <ol id="signees">
      ${review.signees.map(signeeRow).join('\n      ')}
    </ol>
    <section class="actions" id="actions">
      <p id="chosen">Choose yourself in the list of signees.</p>
      <button type="button" id="push" disabled>Confirm with my digital-ID app</button>
      <p class="hint">Your app shows the document: sign it there, or decline it.</p>
      <button type="button" id="sandbox-sign" class="secondary" disabled hidden>Sign with the sandbox test device</button>
      <button type="button" id="decline" class="danger" disabled hidden>Decline with the sandbox test device</button>
      <div class="confirm" id="decline-confirm" hidden>
        <p>Declining ends this document for every signee. It cannot be undone.</p>
        <label for="decline-reason">Why (optional, shown to the sender)</label>
        <textarea id="decline-reason" maxlength="${DECLINE_REASON_MAX_LENGTH}" rows="3"></textarea>
        <button type="button" id="decline-yes" class="danger">Yes, decline</button>
        <button type="button" id="decline-no" class="secondary">Keep the document</button>
      </div>
      <p id="message" aria-live="polite"></p>
    </section>
    <script type="application/json" id="review-state">${scriptJson(review)}</script>`,
    REVIEW_PAGE_SCRIPT,
  );
}

/** An unknown or malformed document id, or a document that has no review page. */
export function renderReviewNotFoundPage(nonce: string): string {
  return page(
    'Document not found',
    nonce,
    `<h1>Document not found</h1>
    <p id="not-found">There is no document to review at this address. Check the link you were sent, or ask its sender
    for a new one.</p>`,
  );
}
