import { IdentificationDto } from './identification.dto';

/** A wallet identification takes what every start mode takes; the claims must be ones a PID proves. */
export class WalletIdentificationDto extends IdentificationDto {}
