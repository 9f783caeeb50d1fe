import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// jsdom lacks the layout APIs Mantine touches.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
Element.prototype.scrollIntoView ||= function scrollIntoView() {};

// The test files of a worker share one jsdom (the unit project does not isolate them): every test
// leaves an empty page, storage, cookie jar and a real clock behind, and every file its spies.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // What a test put in the page itself (a server-rendered page, a boot-data script), not through React.
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
