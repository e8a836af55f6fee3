import { ScreenMessage } from './ScreenMessage';

/** The page for an address no route matches, inside an area or in the host. */
export function NotFound() {
  return <ScreenMessage status="404" texts="kit.notFound" />;
}
