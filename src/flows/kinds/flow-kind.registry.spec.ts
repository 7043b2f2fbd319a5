import type { FlowKindPlugin } from './flow-kind-plugin';
import { FlowKindRegistry } from './flow-kind.registry';

const plugin = (name: string) => ({ namedHolderReason: name }) as unknown as FlowKindPlugin<'document'>;

describe('FlowKindRegistry', () => {
  it('hands back the plugin a module registered for a kind', () => {
    const registry = new FlowKindRegistry();
    const documents = plugin('documents');
    registry.register('document', documents);
    expect(registry.of('document')).toBe(documents);
    expect(registry.all()).toEqual([documents]);
  });

  it('refuses a second plugin for the same kind', () => {
    const registry = new FlowKindRegistry();
    registry.register('document', plugin('first'));
    expect(() => registry.register('document', plugin('second'))).toThrow('The document flow kind is registered twice');
  });

  it('says which kind no module registered', () => {
    expect(() => new FlowKindRegistry().of('signing')).toThrow('No module registered the signing flow kind');
  });
});
