export * from './account-defaults.ts';
export * from './edit-operations.ts';
export * from './families.ts';
export * from './kinds.ts';
export * from './page-ranges.ts';
export * from './registry.ts';
export * from './redact.ts';
