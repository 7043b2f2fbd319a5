import { runSpecsIn } from './support/spec-folder';

runSpecsIn(`${__dirname}/oidc`);
