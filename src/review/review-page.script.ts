import { SSE_INTERVAL_MS } from '../flows/flow-observer.service';

/** Without an SSE event for this long, the page takes the stream for stalled (a buffering proxy) and polls instead. */
const STALLED_MS = SSE_INTERVAL_MS * 3 + 1000;

/**
 * The review page's script, inline under the page's CSP nonce. It starts from the state embedded in the page, follows
 * the document over SSE (falling back to polling `state`), and acts for the signee picked. Everything it prints goes
 * through `textContent`, never HTML.
 */
export const REVIEW_PAGE_SCRIPT = `
(() => {
  'use strict';
  const base = window.location.pathname.replace(/\\/+$/, '');
  const byId = (id) => document.getElementById(id);
  let review = JSON.parse(byId('review-state').textContent);
  let chosen = null;
  let awaiting = null;
  let busy = false;
  let source = null;
  let lastEvent = 0;
  let watchdog = null;
  let polling = null;

  const signeeAt = (position) => review.signees.find((signee) => signee.position === position);

  function say(text, failed) {
    const message = byId('message');
    message.textContent = text;
    message.classList.toggle('failed', Boolean(failed));
  }

  function show(next) {
    review = next;
    const summary = byId('document-status');
    summary.textContent = next.summary;
    summary.dataset.status = next.status;
    for (const signee of next.signees) {
      const row = document.querySelector('.signee[data-position="' + signee.position + '"]');
      if (!row) continue;
      row.dataset.status = signee.status;
      row.querySelector('.status').textContent = signee.statusLabel;
      row.querySelector('input').disabled = !signee.open;
    }
    if (next.file.stamped) {
      byId('stamped').href = next.file.stamped;
      byId('stamped-section').hidden = false;
    }
    if (awaiting !== null) {
      const signee = signeeAt(awaiting);
      if (signee.status === 'viewed') say(signee.name + ' opened the document in the digital-ID app. Waiting for the signature…');
      if (signee.status === 'signed') say(signee.name + ' signed in the digital-ID app.');
      if (!signee.open) awaiting = null;
    }
    if (!next.open) stopFollowing();
    updateActions();
  }

  function updateActions() {
    const signee = chosen === null ? null : signeeAt(chosen);
    const usable = Boolean(review.open && signee && signee.open && !busy);
    byId('chosen').textContent = !review.open
      ? review.status === 'completed'
        ? 'Every signee has signed.'
        : 'This document can no longer be signed.'
      : signee
        ? 'Signing as ' + signee.name + (signee.representing ? ' for ' + signee.representing : '') + '.'
        : 'Choose yourself in the list of signees.';
    byId('push').disabled = !usable;
    const sandboxDevice = Boolean(signee && signee.sandboxDevice);
    byId('decline').hidden = !sandboxDevice;
    byId('decline').disabled = !usable;
    byId('sandbox-sign').hidden = !sandboxDevice;
    byId('sandbox-sign').disabled = !usable;
    byId('decline-yes').disabled = !usable;
    if (!usable || !sandboxDevice) byId('decline-confirm').hidden = true;
  }

  async function act(action, payload) {
    const signee = signeeAt(chosen);
    busy = true;
    updateActions();
    try {
      const response = await fetch(base + '/signees/' + signee.position + '/' + action, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(payload || {}),
      });
      const body = await response.json().catch(() => null);
      if (!response.ok || !body || body.status !== 'successful') {
        say((body && body.reason) || 'Something went wrong. Try again.', true);
        void refresh();
        return false;
      }
      busy = false;
      show(body.data.review);
      return true;
    } catch {
      say('The service could not be reached. Try again.', true);
      return false;
    } finally {
      busy = false;
      updateActions();
    }
  }

  async function refresh() {
    try {
      const response = await fetch(base + '/state', { headers: { accept: 'application/json' } });
      const body = await response.json();
      if (body.status === 'successful') show(body.data.review);
    } catch {
      // The next poll or event tries again.
    }
  }

  function follow() {
    if (!review.open) return;
    if (typeof EventSource !== 'function') return poll();
    source = new EventSource(base + '/events');
    lastEvent = Date.now();
    document.body.dataset.following = 'events';
    source.onmessage = (event) => {
      lastEvent = Date.now();
      show(JSON.parse(event.data).data.review);
    };
    source.onerror = () => {
      if (source && source.readyState === EventSource.CLOSED) poll();
    };
    watchdog = setInterval(() => {
      if (source && Date.now() - lastEvent > ${STALLED_MS}) poll();
    }, ${SSE_INTERVAL_MS});
  }

  function poll() {
    closeSource();
    if (polling !== null || !review.open) return;
    document.body.dataset.following = 'polling';
    polling = setInterval(refresh, ${SSE_INTERVAL_MS});
    void refresh();
  }

  function closeSource() {
    if (source) source.close();
    source = null;
    clearInterval(watchdog);
  }

  function stopFollowing() {
    closeSource();
    clearInterval(polling);
    polling = null;
    document.body.dataset.following = 'ended';
  }

  for (const input of document.querySelectorAll('input[name="signee"]')) {
    input.addEventListener('change', () => {
      chosen = Number(input.value);
      byId('decline-confirm').hidden = true;
      say('');
      updateActions();
    });
  }
  byId('push').addEventListener('click', async () => {
    const position = chosen;
    if (await act('push')) {
      awaiting = position;
      say('Waiting for ' + signeeAt(position).name + ' to confirm in the digital-ID app. This page follows along by itself.');
    }
  });
  byId('sandbox-sign').addEventListener('click', async () => {
    const position = chosen;
    if (await act('sandbox-sign')) say(signeeAt(position).name + ' signed with the sandbox test device.');
  });
  byId('decline').addEventListener('click', () => {
    byId('decline-confirm').hidden = false;
  });
  byId('decline-no').addEventListener('click', () => {
    byId('decline-confirm').hidden = true;
  });
  byId('decline-yes').addEventListener('click', async () => {
    const position = chosen;
    const reason = byId('decline-reason').value.trim();
    if (await act('decline', reason ? { reason } : {})) say(signeeAt(position).name + ' declined the document.');
  });

  show(review);
  follow();
})();
`;
