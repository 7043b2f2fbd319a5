import { enrollmentCodeOf, flowCodeOf } from './handed-code';

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

describe('enrollmentCodeOf', () => {
  it('takes a code as the operator issues it, and nothing else', () => {
    expect(enrollmentCodeOf('aB3d-9XyZ-0k1L')).toBe('aB3d-9XyZ-0k1L');
    expect(enrollmentCodeOf(' aB3d-9XyZ-0k1L\n')).toBe('aB3d-9XyZ-0k1L');
    expect(enrollmentCodeOf('aB3d9XyZ0k1L')).toBeNull();
    expect(enrollmentCodeOf('idflow://qr?token=x')).toBeNull();
  });
});
