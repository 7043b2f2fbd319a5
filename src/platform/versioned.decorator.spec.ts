import { Body, SetMetadata } from '@nestjs/common';
import { Versioned } from './versioned.decorator';

class PingDto {
  request: string;
}

class ProbeController {
  readonly answer = 'pong';

  @Versioned(['v2', 'v1'], (version) => SetMetadata('probe:version', version))
  @SetMetadata('probe:reason', 'Flow state')
  ping(@Body() body: PingDto): string {
    return `${this.answer} to ${body.request}`;
  }

  @Versioned(['v2'], (version) => SetMetadata('probe:version', version))
  sse(): string {
    return this.answer;
  }
}

const prototype = ProbeController.prototype as unknown as Record<string, (body?: PingDto) => string>;

describe('Versioned', () => {
  it('serves the first version from the method and mirrors it under the others, running the same code', () => {
    const controller = new ProbeController() as unknown as Record<string, (body: PingDto) => string>;
    expect(controller.ping({ request: 'req_1' })).toBe('pong to req_1');
    expect(controller.pingV1({ request: 'req_1' })).toBe('pong to req_1');
  });

  it("gives each version its own route metadata and the method's own metadata to both", () => {
    expect(Reflect.getMetadata('probe:version', prototype.ping)).toBe('v2');
    expect(Reflect.getMetadata('probe:version', prototype.pingV1)).toBe('v1');
    expect(Reflect.getMetadata('probe:reason', prototype.pingV1)).toBe('Flow state');
  });

  it("copies the parameters, so the mirror's body is validated as the method's", () => {
    expect(Reflect.getMetadata('design:paramtypes', ProbeController.prototype, 'pingV1')).toEqual([PingDto]);
    // What @Body() and other parameter decorators record for the method, under whatever key Nest keeps it.
    const parameterKeys: unknown[] = Reflect.getOwnMetadataKeys(ProbeController, 'ping');
    expect(parameterKeys).not.toHaveLength(0);
    for (const key of parameterKeys) {
      expect(Reflect.getOwnMetadata(key, ProbeController, 'pingV1')).toEqual(
        Reflect.getOwnMetadata(key, ProbeController, 'ping'),
      );
    }
  });

  it('makes no mirror for an operation served under one version', () => {
    expect(Object.getOwnPropertyNames(ProbeController.prototype).sort()).toEqual(
      ['constructor', 'ping', 'pingV1', 'sse'].sort(),
    );
  });
});
