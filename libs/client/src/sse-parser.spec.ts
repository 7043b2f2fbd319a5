import { SseParser } from './sse-parser';

describe('SseParser', () => {
  it('dispatches an event at each blank line, joining its data lines and naming its type', () => {
    const parser = new SseParser();
    expect(parser.push('data: {"a":1}\n\nevent: shutdown\nretry: 1000\ndata: {"reconnect":true}\n\n')).toEqual([
      { event: 'message', data: '{"a":1}', id: undefined },
      { event: 'shutdown', data: '{"reconnect":true}', id: undefined, retry: 1000 },
    ]);
    expect(parser.push('data: one\ndata:two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo', id: undefined }]);
  });

  it('reads chunks split anywhere, CRLF split between two of them included', () => {
    const parser = new SseParser();
    const text = 'id: 7\r\ndata: {"status":"pending"}\r\n\r\ndata: {"status":"completed"}\r\n\r\n';
    const events = [];
    for (let at = 0; at < text.length; at += 3) events.push(...parser.push(text.slice(at, at + 3)));
    expect(events).toEqual([
      { event: 'message', data: '{"status":"pending"}', id: '7' },
      { event: 'message', data: '{"status":"completed"}', id: '7' },
    ]);
  });

  it('skips comments, events without data and unknown fields, and keeps the last id', () => {
    const parser = new SseParser();
    expect(parser.push(': keep-alive\n\nevent: ping\n\nfoo: bar\nid: 3\ndata\n\n')).toEqual([
      { event: 'message', data: '', id: '3' },
    ]);
    expect(parser.push('retry: soon\ndata: x\r\r')).toEqual([{ event: 'message', data: 'x', id: '3' }]);
  });

  it('holds an event back until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('data: {"status":"pending"}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: '{"status":"pending"}', id: undefined }]);
  });
});
