import { IsDefined } from 'class-validator';

/** Reported alone when the field is absent, instead of one issue for every constraint an absent value fails. */
export const Required = (field: string) => IsDefined({ message: `${field} is required` });
