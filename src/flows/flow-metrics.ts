import { Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import { Metrics } from '../common/metrics/metrics';
import type { Flow } from './flow.entity';

/** Flows made and ended on this instance, by kind and start mode, and for ends by the state they ended in. */
@Injectable()
export class FlowMetrics {
  private readonly created: Counter<'kind' | 'mode'>;
  private readonly ended: Counter<'kind' | 'mode' | 'status'>;

  constructor(metrics: Metrics) {
    this.created = metrics.counter({
      name: 'idflow_flows_created_total',
      help: 'Flows created, by kind and start mode',
      labelNames: ['kind', 'mode'],
    });
    this.ended = metrics.counter({
      name: 'idflow_flows_ended_total',
      help: 'Flows that reached an end state, by kind, start mode and end state',
      labelNames: ['kind', 'mode', 'status'],
    });
  }

  recordCreated(flow: Flow): void {
    this.created.inc({ kind: flow.kind, mode: flow.startMode });
  }

  recordEnded(flow: Flow): void {
    this.ended.inc({ kind: flow.kind, mode: flow.startMode, status: flow.status });
  }
}
