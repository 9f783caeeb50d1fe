// What axe-core files under "needs review" and so never fails on: the contrast of a badge's or a
// button's text against the fill it really sits on (its own, or the first opaque one behind it), and
// a badge whose label is cut off. Computed in the page from the rendered colours.
import type { Page } from 'playwright-core';

/** WCAG AA for normal-size text. */
export const MIN_CONTRAST = 4.5;

/**
 * Every visible badge and enabled button with text on the page as it is now whose text reads under
 * 4.5:1 on its effective background, or (badges) whose label does not fit: one line each.
 */
export async function poorlyReadable(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const match = /rgba?\(([^)]+)\)/.exec(css);
      if (!match?.[1]) throw new Error(`Unreadable colour ${css}`);
      const [r = 0, g = 0, b = 0, a = 1] = match[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a];
    };
    // `top` painted over the opaque `bottom`.
    const over = (top: Rgba, bottom: Rgba): Rgba => [
      top[0] * top[3] + bottom[0] * (1 - top[3]),
      top[1] * top[3] + bottom[1] * (1 - top[3]),
      top[2] * top[3] + bottom[2] * (1 - top[3]),
      1,
    ];
    /** The element's background with everything behind it, up to the page's white. */
    const backgroundOf = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const layer = parse(getComputedStyle(node).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const visible = (element: HTMLElement) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
    };
    const describe = (element: HTMLElement) =>
      `${element.className.toString().includes('Badge') ? 'badge' : 'button'} "${element.innerText.trim().slice(0, 40)}"`;

    const problems: string[] = [];
    const candidates = document.querySelectorAll<HTMLElement>(
      '.mantine-Badge-root, button, [role="button"], a.mantine-Button-root',
    );
    for (const element of candidates) {
      if (!visible(element) || !element.innerText.trim()) continue;
      // WCAG 1.4.3 exempts inactive controls.
      if (element.matches(':disabled, [data-disabled], [aria-disabled="true"]')) continue;
      const textColour = parse(getComputedStyle(element).color);
      const background = backgroundOf(element);
      const contrast = ratio(over(textColour, background), background);
      if (contrast < minimum)
        problems.push(
          `${describe(element)} reads at ${contrast.toFixed(2)}:1 (${getComputedStyle(element).color} on rgb(${background.slice(0, 3).map(Math.round).join(', ')}))`,
        );
      const label = element.querySelector<HTMLElement>('.mantine-Badge-label');
      if (label && label.scrollWidth > label.clientWidth + 1)
        problems.push(`${describe(element)} is cut: ${label.clientWidth}px shown of ${label.scrollWidth}px`);
    }
    return problems;
  }, MIN_CONTRAST);
}
