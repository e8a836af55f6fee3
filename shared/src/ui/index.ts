export { AppProviders } from './AppProviders';
export { theme, PRIMARY_COLOUR, SECONDARY_COLOUR } from './theme';
