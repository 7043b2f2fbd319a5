import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, Repository } from 'typeorm';
import { afterCommit } from '../platform/after-commit';
import { BatchedReads } from '../common/persistence/batched-reads';
import { BatchedTransactions } from '../common/persistence/batched-transactions';
import { EntityStatements } from '../platform/entity-statements';
import type { Environment } from '../tenants/environment';
import { FlowCode, type FlowCodeKind } from './flow-code.entity';
import type { FlowKind } from './flow-kind';
import { FLOW_MOVES, type FlowStatus } from './flow-state';
import { Flow } from './flow.entity';

/** A compare-and-set on a flow's row: what it sets, and what must still hold at the moment of writing. */
export interface FlowCompareAndSet {
  /** The states the flow must still be in. */
  from: readonly FlowStatus[];
  set: Partial<Flow>;
  /** Only while the flow's time is not up. */
  unexpired: boolean;
  /** Only while no device, or this one, holds the flow. */
  heldByNoneOr?: string;
}

/** A flow's states from which it can still end: those of a flow still open. */
const OPEN = FLOW_MOVES.expire.from;

/**
 * The Flow table and its codes: reads by id, the inserts of a create, compare-and-set moves and the queries for open
 * and due flows. Private to the flows module: other modules reach flows through FlowsService.
 */
@Injectable()
export class FlowRepository {
  /** Reading a flow by id and writing a new one are on every integrator route: they skip the query builder. */
  private readonly statements: EntityStatements<Flow>;
  private readonly reads: BatchedReads<Flow>;
  private readonly codeStatements: EntityStatements<FlowCode>;
  /** A create writes a few rows: on SQLite those of one turn are committed together. */
  private readonly creates: BatchedTransactions;

  constructor(
    @InjectRepository(Flow) private readonly flows: Repository<Flow>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.statements = new EntityStatements(flows);
    this.reads = new BatchedReads(this.statements);
    this.codeStatements = new EntityStatements(dataSource.getRepository(FlowCode));
    this.creates = new BatchedTransactions(dataSource);
  }

  /**
   * Writes a new flow with its codes, and what must be written with it, in one transaction; answers the flow as
   * written.
   */
  async insert(
    fields: Flow,
    codes: FlowCode[],
    alongside?: (manager: EntityManager, flow: Flow) => Promise<void>,
  ): Promise<Flow> {
    const flow = this.flows.create(fields);
    await this.creates.insert(
      [
        { statements: this.statements, rows: [flow] },
        { statements: this.codeStatements, rows: codes },
      ],
      alongside && ((manager) => alongside(manager, flow)),
    );
    return flow;
  }

  /** The flow with this id, or null; read together with the other reads of this turn, outside any transaction. */
  find(flowId: string): Promise<Flow | null> {
    return this.reads.find(flowId);
  }

  /** The flow with this id, or null, read at once: inside the caller's transaction when given its manager. */
  findNow(flowId: string, manager?: EntityManager): Promise<Flow | null> {
    return this.statements.findById(flowId, manager);
  }

  /** The link code or seed with this digest, of this kind or of either. */
  findCode(codeDigest: string, kind?: Exclude<FlowCodeKind, 'qr'>): Promise<FlowCode | null> {
    return this.dataSource.getRepository(FlowCode).findOneBy({ codeDigest, kind: kind ?? In(['link', 'seed']) });
  }

  /**
   * The open flows of a kind waiting for this device, newest first: the different-device flows addressed to its NIN
   * that no device holds yet, and every flow this device holds (pushed, or picked up by a link code or a seed).
   */
  openWaitingFor(kind: FlowKind, environment: Environment, nin: string, deviceId: string): Promise<Flow[]> {
    return this.openFlowsQuery(kind, environment)
      .andWhere(
        "(flow.device_id = :deviceId OR (flow.device_id IS NULL AND flow.target_nin = :nin AND flow.start_mode = 'different-device'))",
        { deviceId, nin },
      )
      .getMany();
  }

  /** The open flows of a kind among these ids, newest first. */
  openAmong(kind: FlowKind, environment: Environment, flowIds: string[]): Promise<Flow[]> {
    return this.openFlowsQuery(kind, environment).andWhere('flow.id IN (:...flowIds)', { flowIds }).getMany();
  }

  private openFlowsQuery(kind: FlowKind, environment: Environment) {
    return this.flows
      .createQueryBuilder('flow')
      .where('flow.kind = :kind AND flow.environment = :environment', { kind, environment })
      .andWhere('flow.status IN (:...open)', { open: OPEN })
      .andWhere('flow.expires_at > :now', { now: Date.now() })
      .orderBy('flow.created_at', 'DESC');
  }

  /** Flows this NIN's holder approved or declined, the latest answer first, at most `limit` of them. */
  answeredBy(environment: Environment, nin: string, limit: number): Promise<Flow[]> {
    return this.flows.find({
      where: { environment, holderNin: nin, status: In(['completed', 'rejected']) },
      order: { updatedAt: 'DESC' },
      take: limit,
    });
  }

  /** The open flows this device holds, read inside the caller's transaction. */
  openHeldBy(manager: EntityManager, deviceId: string): Promise<Flow[]> {
    return manager.getRepository(Flow).find({ where: { deviceId, status: In([...OPEN]) } });
  }

  /** Open flows whose time is up, the longest due first, at most `limit` of them. */
  dueForExpiry(limit: number): Promise<Flow[]> {
    return this.flows
      .createQueryBuilder('flow')
      .where('flow.status IN (:...open)', { open: OPEN })
      .andWhere('flow.expires_at <= :now', { now: Date.now() })
      .orderBy('flow.expires_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Runs `work` in a transaction of its own. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Applies the change if, at the moment of writing, the flow still is as `change` requires; true when it was. */
  async compareAndSet(manager: EntityManager, flowId: string, change: FlowCompareAndSet): Promise<boolean> {
    const query = manager
      .createQueryBuilder()
      .update(Flow)
      .set(change.set)
      .where('id = :id', { id: flowId })
      .andWhere('status IN (:...from)', { from: change.from });
    if (change.unexpired) query.andWhere('expires_at > :now', { now: Date.now() });
    if (change.heldByNoneOr) {
      query.andWhere('(device_id IS NULL OR device_id = :deviceId)', { deviceId: change.heldByNoneOr });
    }
    const result = await query.execute();
    return result.affected === 1;
  }

  /** Calls `callback` once what `manager` wrote is committed, never when it rolls back. */
  afterCommit(manager: EntityManager, callback: () => void): void {
    afterCommit(manager, callback);
  }

  /** The ids among these of flows not yet marked seen. */
  async unseenAmong(flowIds: string[]): Promise<string[]> {
    const unseen = await this.flows.find({ select: { id: true }, where: { id: In(flowIds), seenAt: IsNull() } });
    return unseen.map((flow) => flow.id);
  }

  /** Marks these flows seen at `at`, those not already seen. */
  async markSeen(flowIds: string[], at: number): Promise<void> {
    await this.flows.update({ id: In(flowIds), seenAt: IsNull() }, { seenAt: at });
  }

  /** Marks the flow viewed (and seen) if it was not yet viewed; true when this call did. */
  async markViewed(flowId: string, viewedAt: number, seenAt: number): Promise<boolean> {
    const { affected } = await this.flows.update({ id: flowId, viewedAt: IsNull() }, { viewedAt, seenAt });
    return Boolean(affected);
  }
}
