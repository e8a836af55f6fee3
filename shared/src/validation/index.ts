export * from './rules';
export * from './meetings';
export { validateFirstError } from './first-error';
