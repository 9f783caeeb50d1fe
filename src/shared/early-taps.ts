// A page rendered on the server shows its buttons before the app has loaded (on a phone on mobile
// data, a second or more). A tap on one then would do nothing and be lost: "Add to cart" pressed,
// and no cart. The server puts this small script inline in the `<head>` of those pages
// (server/spa.ts; its hash is in the CSP, server/app.ts): it holds taps on buttons inside `#root`
// until the app has hydrated the page, and `EarlyTaps` (src/views/app.tsx) then presses each held
// button once.
// Links are left alone: they work without the app.

/** The global the script leaves: stops holding taps and returns the buttons tapped, each once. */
export const EARLY_TAPS_GLOBAL = '__someshaEarlyTaps';

/** The inline script's text, exactly as sent (the CSP allows it by its hash). */
export const EARLY_TAPS_SCRIPT = `(function(){var held=[];function hold(event){var target=event.target;var button=target&&target.closest?target.closest('button'):null;var root=document.getElementById('root');if(!button||button.disabled||!root||!root.contains(button))return;event.preventDefault();event.stopImmediatePropagation();if(held.indexOf(button)<0)held.push(button);}document.addEventListener('click',hold,true);window.${EARLY_TAPS_GLOBAL}=function(){document.removeEventListener('click',hold,true);window.${EARLY_TAPS_GLOBAL}=function(){return[];};return held.splice(0);};})();`;

type WithEarlyTaps = { [EARLY_TAPS_GLOBAL]?: () => HTMLButtonElement[] };

/**
 * Once the app has hydrated the page: stops holding taps and presses each held button that is still
 * on the page and enabled, in the order they were tapped. Nothing to do on a page the server did
 * not render.
 */
export function replayEarlyTaps(win: Window = window): number {
  const take = (win as unknown as WithEarlyTaps)[EARLY_TAPS_GLOBAL];
  if (!take) return 0;
  let pressed = 0;
  for (const button of take()) {
    if (!button.isConnected || button.disabled) continue;
    button.click();
    pressed += 1;
  }
  return pressed;
}
