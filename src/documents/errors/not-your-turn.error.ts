import { DomainError } from '../../common/errors/domain-error';

/** Sequential signing: the signee's step has not come; the reason names who is to sign now. */
export class NotYourTurnError extends DomainError {
  readonly status = 409;

  constructor(inTurn: string[]) {
    super(`It is not this signee's turn yet: it is the turn of ${listed(inTurn)} to sign first`);
  }
}

function listed(names: string[]): string {
  if (names.length <= 1) return names[0] ?? 'the signees before them';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
