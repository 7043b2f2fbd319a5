import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { RetentionRules } from '../common/retention/retention-rules';
import { DAY_MS } from '../common/retention/table-retention-rule';
import { AppConfig } from '../config/app-config';
import type { FlowKind } from './flow-kind';
import { FlowCode } from './flow-code.entity';
import { TERMINAL_STATUSES } from './flow-state';
import { Flow } from './flow.entity';
import { FlowKindRegistry } from './kinds/flow-kind.registry';

/**
 * Ended flows go FLOW_RETENTION_DAYS after they ended, with their link codes and seeds and whatever their kind keeps
 * beside them (a document's file record and signees; its files are then removed by the file sweep). Completed flows
 * of a kind that keeps them (documents) stay. A deleted flow is unknown to ping, cancel and the streams from then on.
 */
@Injectable()
export class FlowRetention implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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
    const query = this.dataSource
      .getRepository(Flow)
      .createQueryBuilder('flow')
      .select(['flow.id', 'flow.kind'])
      .where('flow.status IN (:...ended)', { ended: TERMINAL_STATUSES })
      .andWhere('flow.updatedAt < :before', { before });
    const keeping = this.kinds.keepingCompleted();
    if (keeping.length > 0) {
      query.andWhere("NOT (flow.status = 'completed' AND flow.kind IN (:...keeping))", { keeping });
    }
    const ended = await query.orderBy('flow.updatedAt', 'ASC').limit(limit).getMany();
    if (ended.length === 0) return 0;
    const byKind = new Map<FlowKind, string[]>();
    for (const flow of ended) {
      const ofKind = byKind.get(flow.kind) ?? [];
      ofKind.push(flow.id);
      byKind.set(flow.kind, ofKind);
    }
    const ids = ended.map((flow) => flow.id);
    return this.dataSource.transaction(async (manager) => {
      for (const [kind, flowIds] of byKind) await this.kinds.of(kind).purge?.(manager, flowIds);
      await manager.delete(FlowCode, { flowId: In(ids) });
      const { affected } = await manager.delete(Flow, { id: In(ids) });
      return affected ?? ids.length;
    });
  }
}
