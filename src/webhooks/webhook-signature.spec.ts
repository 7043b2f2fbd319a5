import { Webhook } from 'standardwebhooks';
import { newId } from '../common/ids/random-id';
import { thrownExceptions } from '../../test/support/thrown-exceptions';
import { signWebhook } from './webhook-signature';

describe('signWebhook', () => {
  const secret = newId.webhookSecret();
  const id = newId.webhookMessage();
  const body = JSON.stringify({ type: 'signing.completed', id, data: { text: 'Grüße, 日本' } });

  it('signs exactly as the standardwebhooks package does', () => {
    const sentAt = new Date(1763900000123);
    expect(signWebhook(secret, id, sentAt, body)['webhook-signature']).toBe(new Webhook(secret).sign(id, sentAt, body));
  });

  it('gives headers that the standardwebhooks package verifies', () => {
    const headers = signWebhook(secret, id, new Date(), body);
    expect(headers['webhook-id']).toBe(id);
    expect(headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('does not verify under another secret or over another body', () => {
    const headers = signWebhook(secret, id, new Date(), body);
    expect(() => new Webhook(newId.webhookSecret()).verify(body, { ...headers })).toThrow('No matching signature');
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow('No matching signature');
  });

  it('signs without an exception thrown inside (as a Buffer key makes Node 24 throw two)', () => {
    expect(thrownExceptions(() => signWebhook(secret, id, new Date(), body))).toEqual([]);
  });
});
