export * from './errors.ts';
export * from './abn.ts';
export * from './validation.ts';
export * from './return-target.ts';
export * from './format.ts';
export * from './tools/index.ts';
export * from './events.ts';
export * from './account.ts';
