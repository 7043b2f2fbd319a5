import { SetMetadata } from '@nestjs/common';

/** How a route is reached: every route declares one, and undeclared routes are refused (deny by default). */
export type DeclaredAccess = 'public' | 'integrator' | 'admin' | 'device';

export const DECLARED_ACCESS = 'idflow:declared-access';

export const DeclareAccess = (access: DeclaredAccess) => SetMetadata(DECLARED_ACCESS, access);
