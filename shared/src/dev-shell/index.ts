export { mountStandalone } from './DevShell';
export type { StandaloneArea } from './DevShell';
