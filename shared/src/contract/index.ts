export * from './common';
export * from './auth';
export * from './meetings';
export * from './attendance';
export * from './contacts';
export * from './messaging';
export * from './finance';
export * from './dashboards';
