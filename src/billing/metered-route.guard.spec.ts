import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { fakeRequest, httpContext } from '../../test/support/http-execution-context';
import { Auth } from '../access/auth.decorator';
import { Public } from '../common/route-access/public.decorator';
import { MeteredRouteGuard } from './metered-route.guard';

describe('MeteredRouteGuard', () => {
  const guard = new MeteredRouteGuard(new Reflector());
  const routed = (method: string, pattern: string): Request =>
    Object.assign(fakeRequest(), { method, baseUrl: '', route: { path: pattern }, path: '/concrete/req_123' });

  it('notes the route pattern, never the concrete URL, with the billing category of its @Auth', () => {
    const request = routed('POST', '/api/v2/identification/same-device');
    const context = httpContext(request, {
      handler: [Auth({ credentials: ['key', 'secret'], billing: 'authentication' })],
    });
    expect(guard.canActivate(context)).toBe(true);
    expect(request.meteredRoute).toEqual({
      route: 'POST /api/v2/identification/same-device',
      category: 'authentication',
    });
  });

  it('notes no category on routes that are never billed, public ones included', () => {
    const integrator = routed('GET', '/admin/apps/:appId/keys');
    guard.canActivate(httpContext(integrator, { handler: [Auth({ credentials: ['key'] })] }));
    expect(integrator.meteredRoute).toEqual({ route: 'GET /admin/apps/:appId/keys', category: null });
    const open = routed('GET', '/open/:code');
    expect(guard.canActivate(httpContext(open, { handler: [Public()] }))).toBe(true);
    expect(open.meteredRoute).toEqual({ route: 'GET /open/:code', category: null });
  });
});
