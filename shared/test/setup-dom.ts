import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder/TextDecoder; react-router 7 needs them when it loads.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// antd reads matchMedia for responsive behaviour; jsdom has none. Node-environment tests (ky) have no window.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd measures layout with ResizeObserver; jsdom has none and lays nothing out, so a no-op is faithful.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// antd measures the scrollbar with getComputedStyle(element, '::-webkit-scrollbar'); jsdom does not
// implement pseudo-elements and logs an error each time. The element's own style is a fine answer.
if (typeof window !== 'undefined') {
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
}

// antd's Select delays closing by a macrotask through MessageChannel, which jsdom lacks. A timer-based
// stand-in keeps that timing without Node's real MessageChannel, whose open ports keep jest running.
if (typeof window !== 'undefined' && typeof globalThis.MessageChannel === 'undefined') {
  class Port {
    onmessage: ((event: MessageEvent) => void) | null = null;
    peer: Port | null = null;
    postMessage(data: unknown) {
      setTimeout(() => this.peer?.onmessage?.({ data } as MessageEvent), 0);
    }
    close() {
      this.onmessage = null;
    }
  }
  class TimerMessageChannel {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }
  Object.assign(globalThis, { MessageChannel: TimerMessageChannel });
}
