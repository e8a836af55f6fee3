import { ScreenMessage } from './ScreenMessage';

/**
 * The screen a user sees at an address their roles do not allow (issue 25): said plainly, with who can
 * change it and the way back, instead of an empty page or a failed request. A warning icon rather than antd's
 * 403 drawing: that drawing alone weighed 2 KB more on every screen of every area.
 */
export function NoAccess() {
  return <ScreenMessage status="warning" texts="kit.noAccess" />;
}
