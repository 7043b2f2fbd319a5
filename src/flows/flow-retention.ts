import { Injectable, OnModuleInit } from '@nestjs/common';
import { RetentionRules } from '../common/retention/retention-rules';
import { DAY_MS } from '../common/retention/table-retention-rule';
import { AppConfig } from '../config/app-config';
import type { FlowKind } from './flow-kind';
import { UnitOfWork } from '../platform/unit-of-work';
import { FlowRepository } from './flow.repository';
import { FlowKindRegistry } from './kinds/flow-kind.registry';

/**
 * Ended flows go FLOW_RETENTION_DAYS after they ended, with their link codes and seeds and whatever their kind keeps
 * beside them (a document's file record and signees; its files are then removed by the file sweep). Completed flows
 * of a kind that keeps them (documents) stay. A deleted flow is unknown to ping, cancel and the streams from then on.
 */
@Injectable()
export class FlowRetention implements OnModuleInit {
  constructor(
    private readonly flows: FlowRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly kinds: FlowKindRegistry,
    private readonly rules: RetentionRules,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.rules.register({
      name: 'ended flows',
      purge: (limit, now) => this.purge(limit, now - this.config.FLOW_RETENTION_DAYS * DAY_MS),
    });
  }

  private async purge(limit: number, before: number): Promise<number> {
    const ended = await this.flows.endedBefore(before, this.kinds.keepingCompleted(), limit);
    if (ended.length === 0) return 0;
    const byKind = new Map<FlowKind, string[]>();
    for (const flow of ended) {
      const ofKind = byKind.get(flow.kind) ?? [];
      ofKind.push(flow.id);
      byKind.set(flow.kind, ofKind);
    }
    const ids = ended.map((flow) => flow.id);
    return this.unitOfWork.run(async () => {
      for (const [kind, flowIds] of byKind) await this.kinds.of(kind).purge?.(flowIds);
      return this.flows.deleteWithCodes(ids);
    });
  }
}
