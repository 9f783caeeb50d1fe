import { createTheme, type CSSVariablesResolver } from '@mantine/core';

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
