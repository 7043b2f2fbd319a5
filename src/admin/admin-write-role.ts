import { SetMetadata } from '@nestjs/common';
import type { OperatorRole } from '../operators/operator-role';

export const ADMIN_WRITE_ROLE = 'idflow:admin-write-role';

/** The least role an operator needs for a route's changes; every operator may read. */
export const AdminWriteRole = (role: OperatorRole) => SetMetadata(ADMIN_WRITE_ROLE, role);
