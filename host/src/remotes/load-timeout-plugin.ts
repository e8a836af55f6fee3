import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** How long a remote's manifest or entry script may take before its area shows the error panel. */
export const REMOTE_LOAD_TIMEOUT_MS = 8000;

/**
 * A remote whose server accepts the connection but never answers would hang its area forever: this runtime
 * plugin aborts the manifest fetch and fails the entry script load after `timeoutMs`.
 */
export function loadTimeoutPlugin(timeoutMs: number = REMOTE_LOAD_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'ushirika-load-timeout',
    fetch(url, init) {
      return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    },
    createScript({ url, attrs }) {
      const script = document.createElement('script');
      script.src = url;
      for (const [name, value] of Object.entries(attrs ?? {})) script.setAttribute(name, String(value));
      return { script, timeout: timeoutMs };
    },
  };
}
