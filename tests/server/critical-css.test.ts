// The rules a server-rendered page inlines for its first paint (server/critical-css.ts): those that
// can style an element of its HTML, and every rule that does not depend on a class.
import { describe, expect, it } from 'vitest';
import { criticalCss } from '../../server/critical-css';

const css =
  ':root{--c:#123}body{margin:0}' +
  '.m_card{padding:1rem}.m_modal{position:fixed}' +
  '.m_card:where([data-x]) .m_title,.m_modal .m_title{font-weight:700}' +
  '.m_card:not(.m_active){opacity:.5}' +
  '@media (min-width:48em){.m_card{padding:2rem}.m_modal{inset:0}}' +
  '@media print{.m_modal{display:none}}' +
  '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}' +
  '.m_loader{content:"{";animation:spin 1s}';

describe('the critical CSS of a page', () => {
  const critical = criticalCss(css);

  it('keeps the rules whose classes the HTML uses, and those without a class', () => {
    const out = critical.for('<div class="m_card other"><h2 class="m_title">Hi</h2></div>');
    expect(out).toBe(
      ':root{--c:#123}body{margin:0}' +
        '.m_card{padding:1rem}' +
        '.m_card:where([data-x]) .m_title{font-weight:700}' +
        '.m_card:not(.m_active){opacity:.5}' +
        '@media (min-width:48em){.m_card{padding:2rem}}' +
        '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}',
    );
  });

  it('keeps every rule when the HTML uses every class', () => {
    const out = critical.for('<p class="m_card m_modal m_title m_loader m_active"></p>');
    expect(out).toBe(css);
  });
});
