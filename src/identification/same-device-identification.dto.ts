import { IdentificationDto } from './identification.dto';

export class SameDeviceIdentificationDto extends IdentificationDto {}
