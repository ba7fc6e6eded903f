export * from './auth.ts';
export * from './app.ts';
export * from './support.ts';
export * from './jobs.ts';
export * from './rate-limits.ts';
export * from './signatures.ts';
export * from './share.ts';
export * from './webhooks.ts';
