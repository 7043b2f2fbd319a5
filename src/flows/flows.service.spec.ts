import type { Principal } from '../auth/principal';
import type { AppConfig } from '../config/app-config';
import type { ServiceKeyService } from '../service-key/service-key.service';
import type { FlowChangedEvent } from './events/flow-changed.event';
import type { FlowEventBus } from './events/flow-event-bus';
import type { FlowKind, StartMode } from './flow-kind';
import type { FlowMetrics } from './flow-metrics';
import type { FlowView, ObservedView } from './flow-view';
import type { Flow } from './flow.entity';
import { FlowPresenter } from './flow.presenter';
import { FlowPublisher } from './flow-publisher';
import type { FlowRepository } from './flow.repository';
import { FlowTransitionHooks } from './flow-transition.hooks';
import { FlowPushHooks } from './flow-push.hooks';
import { FlowsService } from './flows.service';
import type { FlowKindPlugin } from './kinds/flow-kind-plugin';
import { FlowKindRegistry } from './kinds/flow-kind.registry';
import type { QrStarts } from './qr-starts';
import type { UnitOfWork } from '../platform/unit-of-work';

const principal = {
  consumer: { id: 'con_1' },
  app: { id: 'app_1', name: 'Shop', environment: 'sandbox' },
} as Principal;

const config = {
  FLOW_TTL_SECONDS: 300,
  NO_CLIENT_SECONDS: 30,
  BASE_URL: 'http://idflow.test',
  OPEN_URL: 'http://idflow.test',
} as AppConfig;

/** What the created flow's kind presents, and whom it names as holders when it names them in its view. */
function kindPresenting(view: Partial<FlowView>, holderNins?: (view: ObservedView) => string[]) {
  const present = jest.fn(async () => view as FlowView);
  const plugin = { present, ...(holderNins && { holderNins }) } as unknown as FlowKindPlugin;
  return { plugin, present };
}

/** A FlowsService whose flow is stored as written and whose changes land in `published`. */
function flowsServiceWith(kind: FlowKind, plugin: FlowKindPlugin) {
  const registry = new FlowKindRegistry();
  registry.register(kind, plugin);
  const published: FlowChangedEvent[] = [];
  const bus = { publish: async (event: FlowChangedEvent) => void published.push(event) } as FlowEventBus;
  const repository = { insert: async (fields: Flow) => fields } as unknown as FlowRepository;
  const service = new FlowsService(
    repository,
    { whenCommitted: (effect: () => Promise<void>) => effect() } as unknown as UnitOfWork,
    { sign: async () => 'header.payload.signature' } as unknown as ServiceKeyService,
    config,
    new FlowTransitionHooks(),
    {
      prepare: (flowId: string, now: number) => ({
        qr: { startToken: 'token', startSecret: 'secret' },
        row: { codeDigest: 'digest', flowId, kind: 'qr', createdAt: now, secret: null },
      }),
    } as unknown as QrStarts,
    new FlowPublisher(repository, new FlowPresenter(registry, config), bus, new FlowPushHooks(), {
      recordCreated: () => undefined,
    } as unknown as FlowMetrics),
  );
  return { service, published };
}

const create = (service: FlowsService, kind: FlowKind, startMode: StartMode, targetNin?: string) =>
  service.create({
    kind,
    startMode,
    action: 'auth',
    principal,
    payload: 'Log in',
    requestedClaims: [],
    targetNin,
    ip: '127.0.0.1',
    userAgent: 'jest',
  });

describe('FlowsService.create', () => {
  it('builds no view of a flow that has no holders to push to, and publishes nothing', async () => {
    const { plugin, present } = kindPresenting({ status: 'pending' });
    const { service, published } = flowsServiceWith('identification', plugin);

    const created = await create(service, 'identification', 'same-device');

    expect(created.link).toMatch(/^http:\/\/idflow\.test\/open\/\w+$/);
    expect(present).not.toHaveBeenCalled();
    expect(published).toEqual([]);
  });

  it('pushes the view of a flow addressed to a NIN to that NIN', async () => {
    const view = { id: 'req_1', status: 'pending' as const };
    const { plugin, present } = kindPresenting(view);
    const { service, published } = flowsServiceWith('identification', plugin);

    const created = await create(service, 'identification', 'different-device', '19800101-1234');

    expect(present).toHaveBeenCalledTimes(1);
    expect(published).toEqual([
      expect.objectContaining({ flowId: created.flow.id, holderNins: ['19800101-1234'], view }),
    ]);
  });

  it('builds the view of a kind that names its holders in it, and pushes it to them', async () => {
    const view = { id: 'doc_1', status: 'pending' as const, to: ['19800101-1234', '19900202-5678'] };
    const { plugin, present } = kindPresenting(view, (shown) => (shown as unknown as typeof view).to);
    const { service, published } = flowsServiceWith('document', plugin);

    await create(service, 'document', 'different-device');

    expect(present).toHaveBeenCalledTimes(1);
    expect(published).toEqual([expect.objectContaining({ holderNins: view.to, view })]);
  });
});
