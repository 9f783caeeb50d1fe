import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG contrast ratio of two colours Mantine can parse (hex, rgb). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const AA = 4.5;

/**
 * The `light` variant (Badge, Button, ActionIcon...) as one rule for every colour: the colour's pale
 * fill (shade 1, shade 2 on hover) with its darkest shade as text, darkened until it reads at 4.5:1
 * even on the hover fill. Mantine's own rule paints `color="blue.9"` as blue.9 text on a blue.9 fill
 * (1:1), and leaves red, orange or yellow 9 on shade 1 under 4.5:1.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return resolved;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  const shades = parsed.isThemeColor ? input.theme.colors[parsed.color] : undefined;
  if (!shades) return resolved;
  const [fill, hover, darkest] = [shades[1], shades[2], shades[9]];
  let text = darkest;
  for (let step = 1; contrastRatio(text, hover) < AA && step <= 8; step += 1)
    text = darken(darkest, step / 10);
  return { ...resolved, background: fill, hover, color: text };
};

// SPEC §9 breakpoints in px, written in em as Mantine expects (1em = 16px).
// `xs` starts at 0 so that, as in the SPEC, everything under 600px is "xs".
export const theme = createTheme({
  primaryColor: 'blue',
  // White on blue.8 reads at 4.9:1; blue.7 (4.2:1) fails WCAG AA for button text. The app has one
  // colour scheme (light: index.html): a dark shade other than Mantine's default (8) only made
  // MantineProvider inline 3.4 KB of dark-scheme variables into every server-rendered page.
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  variantColorResolver,
  breakpoints: {
    xs: '0em',
    sm: '37.5em',
    md: '60em',
    lg: '80em',
    xl: '120em',
  },
  other: {
    // Mantine knows five breakpoints; the SPEC's sixth lives here for media queries that need it.
    breakpointXxl: '160em',
    // The SPEC's "mobile breakpoint": navigation collapses into a drawer below it.
    mobileBreakpoint: 'lg',
  },
});

// Mantine's default dimmed grey (gray.6) is 3.3:1 on white, below WCAG AA; gray.7 reads at 7:1.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
