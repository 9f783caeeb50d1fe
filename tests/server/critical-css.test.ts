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

describe('the colour scheme in selectors', () => {
  const schemes = criticalCss(
    ':root[data-mantine-color-scheme=dark]{--body:#000}' +
      ":root[data-mantine-color-scheme='light']{--body:#fff}" +
      ':where([data-mantine-color-scheme=dark]) .m_card{color:#eee}' +
      '.m_card:not([data-mantine-color-scheme=dark]) .m_title{color:#111}' +
      '.m_card[data-variant="filled"]{background:blue}',
  );

  it("keeps the scheme's rules only when the document is in that scheme", () => {
    const out = schemes.for(
      '<html lang="en" data-mantine-color-scheme="light"><div class="m_card"><p class="m_title"></p></div>',
    );
    expect(out).toBe(
      ":root[data-mantine-color-scheme='light']{--body:#fff}" +
        '.m_card:not([data-mantine-color-scheme=dark]) .m_title{color:#111}' +
        // Other attributes may be set before the first paint: their rules stay.
        '.m_card[data-variant="filled"]{background:blue}',
    );
  });

  it('keeps the dark rules for a dark document', () => {
    const out = schemes.for('<html data-mantine-color-scheme="dark"><div class="m_card"></div>');
    expect(out).toContain(':root[data-mantine-color-scheme=dark]{--body:#000}');
    expect(out).toContain(':where([data-mantine-color-scheme=dark]) .m_card{color:#eee}');
    expect(out).not.toContain("'light'");
  });
});
