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

// jsdom's getComputedStyle matches every rule of every stylesheet, and antd injects thousands of rules, so
// each call costs milliseconds; Testing Library calls it for every element and ancestor a *ByRole query
// checks, which made the front-end tests five times slower. Here the element's inline style is the
// answer, and antd's '…-hidden' classes (closed dropdowns, inactive tab panes) read as display: none,
// the one stylesheet rule that changes what a user can see in these tests. It also answers antd's
// scrollbar probe (a '::-webkit-scrollbar' pseudo-element, which jsdom does not implement).
if (typeof window !== 'undefined') {
  const hiddenClass = /(^|\s)[\w-]+-hidden(\s|$)/;
  window.getComputedStyle = (element: Element) => {
    const style = document.createElement('div').style;
    const inline = (element as HTMLElement).style;
    if (inline) style.cssText = inline.cssText;
    if (!style.display) style.display = hiddenClass.test(element.getAttribute('class') ?? '') ? 'none' : 'block';
    if (!style.visibility) style.visibility = 'visible';
    return style;
  };
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
