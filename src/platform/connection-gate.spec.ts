import { ConnectionGate } from './connection-gate';

describe('ConnectionGate', () => {
  it('is taken at once when free, and in turn, first come first served, when held', async () => {
    const gate = new ConnectionGate();
    expect(gate.take()).toBeUndefined();
    const order: string[] = [];
    const second = gate.take()?.then(() => order.push('second'));
    const third = gate.take()?.then(() => order.push('third'));
    expect(second).toBeDefined();
    gate.give();
    await second;
    expect(order).toEqual(['second']);
    gate.give();
    await third;
    expect(order).toEqual(['second', 'third']);
    gate.give();
    expect(gate.take()).toBeUndefined();
  });

  it('hands the gate to the next in line, so that a newcomer waits behind them', async () => {
    const gate = new ConnectionGate();
    expect(gate.take()).toBeUndefined();
    const waiting = gate.take();
    gate.give();
    const newcomer = gate.take();
    expect(newcomer).toBeDefined();
    await waiting;
    gate.give();
    await newcomer;
  });
});
