// A tap on a server-rendered page before the app has loaded is held and pressed once the app has
// hydrated the page (src/shared/early-taps.ts): the inline script exactly as the server sends it,
// run in a document like the page's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_TAPS_GLOBAL, EARLY_TAPS_SCRIPT, replayEarlyTaps } from '@/shared/early-taps';

let pressed: string[];

function page() {
  document.body.innerHTML = `
    <div id="root">
      <button type="button" id="add">Add to cart</button>
      <button type="button" id="open">Open navigation</button>
      <button type="button" id="off" disabled>Sold out</button>
      <form id="newsletter"><button id="subscribe">Subscribe</button></form>
      <a href="#faqs" id="link"><span id="inside-link">FAQs</span></a>
    </div>
    <button type="button" id="outside">Outside the page</button>`;
  pressed = [];
  for (const button of document.querySelectorAll('button'))
    button.addEventListener('click', () => pressed.push(button.id));
}

const tap = (id: string) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById(id)?.dispatchEvent(event);
  return event;
};

beforeEach(() => {
  page();
  // As the browser runs the inline script in the page's head.
  new Function(EARLY_TAPS_SCRIPT)();
});
afterEach(() => {
  replayEarlyTaps();
  delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
});

describe('taps before the app has loaded', () => {
  it('holds a tap on a button of the page, and presses it once the app is there', () => {
    const event = tap('add');
    expect(event.defaultPrevented).toBe(true);
    expect(pressed).toEqual([]);

    expect(replayEarlyTaps()).toBe(1);
    expect(pressed).toEqual(['add']);
  });

  it('presses each button tapped once, in the order they were tapped', () => {
    tap('open');
    tap('add');
    tap('open');
    tap('add');
    expect(replayEarlyTaps()).toBe(2);
    expect(pressed).toEqual(['open', 'add']);
  });

  it('keeps a form from being sent by the browser before the app can check it', () => {
    const submitted: string[] = [];
    document.getElementById('newsletter')?.addEventListener('submit', (event) => {
      submitted.push('newsletter');
      event.preventDefault();
    });
    expect(tap('subscribe').defaultPrevented).toBe(true);
    expect(submitted).toEqual([]);
    replayEarlyTaps();
    expect(pressed).toEqual(['subscribe']);
    expect(submitted).toEqual(['newsletter']);
  });

  it('leaves links, disabled buttons and anything outside the page alone', () => {
    expect(tap('inside-link').defaultPrevented).toBe(false);
    // (A browser sends no click to a disabled button; jsdom does, which shows it is not held.)
    expect(tap('off').defaultPrevented).toBe(false);
    expect(tap('outside').defaultPrevented).toBe(false);
    expect(pressed).toEqual(['off', 'outside']);
    expect(replayEarlyTaps()).toBe(0);
    expect(pressed).toEqual(['off', 'outside']);
  });

  it('skips a tapped button the app has since removed or disabled', () => {
    tap('add');
    tap('open');
    document.getElementById('add')?.remove();
    document.getElementById('open')?.setAttribute('disabled', '');
    expect(replayEarlyTaps()).toBe(0);
    expect(pressed).toEqual([]);
  });

  it('stops holding once the app is there: later taps go straight through, and nothing is pressed twice', () => {
    tap('add');
    expect(replayEarlyTaps()).toBe(1);
    expect(tap('add').defaultPrevented).toBe(false);
    expect(pressed).toEqual(['add', 'add']);
    expect(replayEarlyTaps()).toBe(0);
    expect(pressed).toEqual(['add', 'add']);
  });
});

describe('a page the server did not render', () => {
  it('has nothing held and nothing to press', () => {
    replayEarlyTaps();
    delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
    expect(tap('add').defaultPrevented).toBe(false);
    expect(pressed).toEqual(['add']);
    expect(replayEarlyTaps()).toBe(0);
    expect(pressed).toEqual(['add']);
  });
});
