import type { DocumentView } from './document-view';
import { documentWithoutPersonalData } from './document-without-personal-data';

describe('documentWithoutPersonalData', () => {
  it('masks every NIN and drops emails and IP addresses, keeping every status and count', () => {
    const view = {
      id: 'doc_1',
      to: ['12345678901'],
      signee: [
        { name: 'Ada', type: 'person', email: 'ada@example.com', nin: '12345678901', representing: '', ip: '1.2.3.4' },
      ],
      statusLog: [{ nin: '12345678901', status: 'signed', lut: 5 }],
      signatures: [{ nin: '12345678901', name: 'Ada', representing: '', iat: 5, identification: 'i', signature: 's' }],
      request: { client: 'c', app: 'a', ip: '5.6.7.8' },
      status: 'completed',
    } as unknown as DocumentView;
    expect(documentWithoutPersonalData(view)).toEqual({
      ...view,
      to: ['*******8901'],
      signee: [{ name: 'Ada', type: 'person', email: '', nin: '*******8901', representing: '' }],
      statusLog: [{ nin: '*******8901', status: 'signed', lut: 5 }],
      signatures: [{ ...view.signatures[0], nin: '*******8901' }],
      request: { client: 'c', app: 'a', ip: '' },
    });
    expect(JSON.stringify(documentWithoutPersonalData(view))).not.toMatch(
      /12345678901|example\.com|1\.2\.3\.4|5\.6\.7\.8/,
    );
  });
});
