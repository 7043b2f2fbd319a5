import { Injectable } from '@nestjs/common';
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

type Declared<C> = Omit<C, 'registers'>;

/**
 * The instance's Prometheus series. Each module declares the series it owns here and moves them itself; `/metrics`
 * reads them all. Declaring a series again hands back the one already declared, since Nest makes a guard once per
 * module that uses it. One registry per app rather than prom-client's global one, so that apps made side by side
 * (tests, a CLI run beside a server) never share or collide on a series.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  counter<L extends string>(declared: Declared<CounterConfiguration<L>>): Counter<L> {
    return this.declare(declared.name, Counter, () => new Counter({ ...declared, registers: [this.registry] }));
  }

  gauge<L extends string>(declared: Declared<GaugeConfiguration<L>>): Gauge<L> {
    return this.declare(declared.name, Gauge, () => new Gauge({ ...declared, registers: [this.registry] }));
  }

  /** A gauge read when scraped, for a quantity its owner already keeps (open streams, held polls). */
  sampledGauge(name: string, help: string, read: () => number): Gauge {
    return this.gauge({
      name,
      help,
      collect() {
        this.set(read());
      },
    });
  }

  histogram<L extends string>(declared: Declared<HistogramConfiguration<L>>): Histogram<L> {
    return this.declare(declared.name, Histogram, () => new Histogram({ ...declared, registers: [this.registry] }));
  }

  private declare<M>(name: string, type: abstract new (...args: never[]) => M, make: () => M): M {
    const existing = this.registry.getSingleMetric(name);
    if (existing === undefined) return make();
    if (!(existing instanceof type)) throw new Error(`The metric ${name} is already declared as another type`);
    return existing;
  }
}

/** Latency buckets, in seconds, for HTTP answers and queue waits: from a cached read to a slow outbound call. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
