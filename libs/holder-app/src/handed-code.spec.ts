import { flowCodeOf } from './handed-code';

describe('flowCodeOf', () => {
  const code = 'Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN';

  it('takes an animated QR frame whole, as the Wallet API reads it', () => {
    const frame = `idflow://qr?token=${code}&time=7&code=${'a'.repeat(64)}`;
    expect(flowCodeOf(frame)).toBe(frame);
  });

  it('takes the seed or code of a scheme link, with or without the web+ prefix of the protocol handler', () => {
    expect(flowCodeOf(`idflow://flow?seed=${code}`)).toBe(code);
    expect(flowCodeOf(`web+idflow://flow?code=${code}`)).toBe(code);
  });

  it('takes the code of a same-device page, under a path prefix too', () => {
    expect(flowCodeOf(`https://id.example.com/open/${code}`)).toBe(code);
    expect(flowCodeOf(`https://example.com/idflow/open/${code}`)).toBe(code);
  });

  it('names no flow for anything else', () => {
    expect(flowCodeOf('https://example.com/')).toBeNull();
    expect(flowCodeOf(`https://example.com/open/${code}?next=1`)).toBeNull();
    expect(flowCodeOf('WIFI:S:home;T:WPA;P:secret;;')).toBeNull();
    expect(flowCodeOf('idflow://flow?other=1')).toBeNull();
  });
});
