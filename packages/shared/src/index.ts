export * from './auth';
export * from './contact';
export * from './errors';
export * from './health';
export * from './roles';
export * from './bots';
export * from './knowledge';
