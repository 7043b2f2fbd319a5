import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Repository } from 'typeorm';
import { BatchedReads } from '../common/persistence/batched-reads';
import { BatchedTransactions } from '../platform/batched-transactions';
import { EntityStatements } from '../platform/entity-statements';
import { UnitOfWork } from '../platform/unit-of-work';
import type { Environment } from '../tenants/environment';
import { FlowCode, type FlowCodeKind } from './flow-code.entity';
import type { FlowKind } from './flow-kind';
import { FLOW_MOVES, TERMINAL_STATUSES, type FlowStatus } from './flow-state';
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
 * and due flows. Private to the flows module: other modules reach flows through FlowsService. Writes join the unit of
 * work open in the caller's context.
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
    private readonly unitOfWork: UnitOfWork,
  ) {
    this.statements = new EntityStatements(flows);
    this.reads = new BatchedReads(this.statements);
    this.codeStatements = new EntityStatements(dataSource.getRepository(FlowCode));
    this.creates = new BatchedTransactions(dataSource);
  }

  /** Writes a new flow with its codes in one transaction, or in the caller's; answers the flow as written. */
  async insert(fields: Flow, codes: FlowCode[]): Promise<Flow> {
    // A Flow has columns only, no relations or embedded parts, so the row as given is the entity: TypeORM's `create`
    // would walk its metadata to copy the same fields (38k instructions a create, callgrind).
    const flow = Object.assign(new Flow(), fields);
    await this.creates.insert([
      { statements: this.statements, rows: [flow] },
      { statements: this.codeStatements, rows: codes },
    ]);
    return flow;
  }

  /** The flow with this id, or null; read together with the other reads of this turn, outside any transaction. */
  find(flowId: string): Promise<Flow | null> {
    return this.reads.find(flowId);
  }

  /** The flow with this id, or null, read at once: inside the open unit of work, if any. */
  findNow(flowId: string): Promise<Flow | null> {
    return this.statements.findById(flowId);
  }

  /** The link code or seed with this digest, of this kind or of either. */
  findCode(codeDigest: string, kind?: Exclude<FlowCodeKind, 'qr'>): Promise<FlowCode | null> {
    return this.dataSource.getRepository(FlowCode).findOneBy({ codeDigest, kind: kind ?? In(['link', 'seed']) });
  }

  /** The animated QR start of a flow, found by its token's digest or by the flow. */
  findQrStart(where: Pick<FlowCode, 'codeDigest'> | Pick<FlowCode, 'flowId'>): Promise<FlowCode | null> {
    return this.dataSource.getRepository(FlowCode).findOneBy({ ...where, kind: 'qr' });
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

  /** The flows an integrator gave this webhook reference, the newest first, at most `limit` of them. */
  withReference(reference: string, limit: number): Promise<Flow[]> {
    return this.flows.find({ where: { webhookReference: reference }, order: { createdAt: 'DESC' }, take: limit });
  }

  /** The open flows this device holds, read inside the open unit of work. */
  openHeldBy(deviceId: string): Promise<Flow[]> {
    return this.unitOfWork.manager.getRepository(Flow).find({ where: { deviceId, status: In([...OPEN]) } });
  }

  /** Open flows whose time is up, the longest due first, at most `limit` of them. */
  async dueForExpiry(limit: number): Promise<Flow[]> {
    const now = Date.now();
    // Most passes find nothing due: one seek on the status and expiry index says so.
    if (!(await this.statements.anyDueBy(now, 'expiresAt', { column: 'status', values: OPEN }))) return [];
    return this.flows
      .createQueryBuilder('flow')
      .where('flow.status IN (:...open)', { open: OPEN })
      .andWhere('flow.expires_at <= :now', { now })
      .orderBy('flow.expires_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  /**
   * Applies the change if, at the moment of writing, the flow still is as `change` requires; true when it was. In the
   * open unit of work, if any.
   */
  async compareAndSet(flowId: string, change: FlowCompareAndSet): Promise<boolean> {
    const query = this.unitOfWork.manager
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

  /**
   * Flows that ended before `before` (their id and kind), the longest ended first, at most `limit` of them; completed
   * ones of the kinds in `keepingCompleted` stay.
   */
  endedBefore(before: number, keepingCompleted: FlowKind[], limit: number): Promise<Flow[]> {
    const query = this.flows
      .createQueryBuilder('flow')
      .select(['flow.id', 'flow.kind'])
      .where('flow.status IN (:...ended)', { ended: TERMINAL_STATUSES })
      .andWhere('flow.updatedAt < :before', { before });
    if (keepingCompleted.length > 0) {
      query.andWhere("NOT (flow.status = 'completed' AND flow.kind IN (:...keeping))", { keeping: keepingCompleted });
    }
    return query.orderBy('flow.updatedAt', 'ASC').limit(limit).getMany();
  }

  /** Deletes these flows and their codes, in the open unit of work; answers how many flows went. */
  async deleteWithCodes(flowIds: string[]): Promise<number> {
    const manager = this.unitOfWork.manager;
    await manager.delete(FlowCode, { flowId: In(flowIds) });
    const { affected } = await manager.delete(Flow, { id: In(flowIds) });
    return affected ?? flowIds.length;
  }

  /** Forgets the claims a flow released, in the open unit of work. */
  async eraseClaims(flowId: string, at: number): Promise<void> {
    await this.unitOfWork.manager.update(Flow, { id: flowId }, { claims: null, updatedAt: at });
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
