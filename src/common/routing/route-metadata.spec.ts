import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { routeMetadata } from './route-metadata';

const KEY = 'test:reason';

function contextOf(type: object, handler: object): ExecutionContext {
  return { getHandler: () => handler, getClass: () => type } as unknown as ExecutionContext;
}

describe('routeMetadata', () => {
  class Parent {
    shared(this: void): void {}
    own(this: void): void {}
  }
  Reflect.defineMetadata(KEY, 'from the class', Parent);
  Reflect.defineMetadata(KEY, 'from the handler', Parent.prototype.own);
  class Child extends Parent {}
  Reflect.defineMetadata(KEY, 'from the child class', Child);

  it('answers as Reflector does: the handler over its class, each class of an inherited handler on its own', () => {
    const reflector = new Reflector();
    expect(routeMetadata(reflector, KEY, contextOf(Parent, Parent.prototype.own))).toBe('from the handler');
    expect(routeMetadata(reflector, KEY, contextOf(Parent, Parent.prototype.shared))).toBe('from the class');
    expect(routeMetadata(reflector, KEY, contextOf(Child, Parent.prototype.shared))).toBe('from the child class');
    expect(routeMetadata(reflector, 'test:absent', contextOf(Parent, Parent.prototype.shared))).toBeUndefined();
  });

  it('asks the reflector once per route and key, an absent value included', () => {
    const reflector = new Reflector();
    const lookup = jest.spyOn(reflector, 'getAllAndOverride');
    for (let call = 0; call < 3; call++) {
      routeMetadata(reflector, KEY, contextOf(Parent, Parent.prototype.own));
      routeMetadata(reflector, 'test:absent', contextOf(Parent, Parent.prototype.own));
    }
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});
