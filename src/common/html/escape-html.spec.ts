import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the characters that could open markup or leave an attribute', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });
});
