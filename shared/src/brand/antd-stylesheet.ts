// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the `?url` module type must reach every package that compiles this file
/// <reference path="../url-imports.d.ts" />
// antd's whole stylesheet, as the library builds it for its zero-runtime mode (theme.zeroRuntime): every
// component's rules, coloured through CSS variables that the ConfigProvider sets from our theme.
import stylesheetUrl from 'antd/dist/antd.css?url';

let loading: Promise<void> | undefined;

/**
 * Adds antd's stylesheet to the page once, first in <head> so the app's own styles come after it, and resolves
 * when it has loaded (or failed: the screens then show unstyled rather than not at all). The signed-in screens
 * wait for it beside their own chunk, so nothing is drawn before its styles arrive.
 */
export function loadAntdStylesheet(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.prepend(link);
  });
  return loading;
}
