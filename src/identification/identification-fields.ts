export const IDENTIFICATION_ACTIONS = ['login', 'signup', 'link'] as const;

export const MAX_CLAIMS = 60;
