export * from './catalogue.ts';
export * from './channel.ts';
export * from './common.ts';
export * from './user.ts';
