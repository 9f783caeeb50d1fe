import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// A `findBy…`/`waitFor` gives up after this long. Testing Library's 1 s default is shorter than a
// page's first data on a busy CI worker (three workers and the browser tests share two cores), where
// a page still showing its loader failed a test that passes alone. A ceiling, not a wait: each
// query returns as soon as what it looks for is on screen.
configure({ asyncUtilTimeout: 5000 });

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
