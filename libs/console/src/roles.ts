import type { Role } from './admin-types';

const ORDER: Role[] = ['owner', 'operator', 'viewer'];

/**
 * Whether a role covers the changes that need `needed`, as the service decides it (an owner may do what an operator
 * may): the console hides what the API would refuse, and the API refuses it anyway.
 */
export const covers = (held: Role, needed: Role) => ORDER.indexOf(held) <= ORDER.indexOf(needed);
