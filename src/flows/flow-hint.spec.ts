import type { Flow } from './flow.entity';
import { hintOf } from './flow-hint';

describe('hintOf', () => {
  const created = 1_000_000;
  const flow = (changes: Partial<Flow> = {}) =>
    ({
      status: 'pending',
      startMode: 'different-device',
      deviceId: null,
      createdAt: created,
      seenAt: null,
      viewedAt: null,
      ...changes,
    }) as Flow;

  it('waits for the person, then says no device fetched a pushed flow', () => {
    expect(hintOf(flow(), created + 9_999, 10_000)).toBe('outstandingTransaction');
    expect(hintOf(flow(), created + 10_000, 10_000)).toBe('noClient');
    expect(hintOf(flow({ seenAt: created + 1 }), created + 60_000, 10_000)).toBe('outstandingTransaction');
    expect(hintOf(flow({ startMode: 'wildcard' }), created + 60_000, 10_000)).toBe('outstandingTransaction');
  });

  it('follows the device: held, then shown to the person', () => {
    expect(hintOf(flow({ status: 'active', deviceId: 'dev_1' }), created, 10_000)).toBe('started');
    expect(hintOf(flow({ status: 'active', deviceId: 'dev_1', viewedAt: created }), created, 10_000)).toBe('userSign');
    expect(hintOf(flow({ viewedAt: created }), created, 10_000)).toBe('userSign');
  });

  it('names each end', () => {
    expect(hintOf(flow({ status: 'completed', viewedAt: created }), created, 1)).toBe('completed');
    expect(hintOf(flow({ status: 'rejected' }), created, 1)).toBe('userCancel');
    expect(hintOf(flow({ status: 'cancelled' }), created, 1)).toBe('cancelled');
    expect(hintOf(flow({ status: 'cancelled', endReason: 'device-revoked' }), created, 1)).toBe('deviceRevoked');
    expect(hintOf(flow({ status: 'expired' }), created, 1)).toBe('expiredTransaction');
  });
});
