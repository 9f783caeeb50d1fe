// Mantine's whole stylesheet, for every screen, layout and overlay beyond the public landing pages
// (those get by with src/views/styles/public.css). Loaded through `withFullStyles`, never statically.
import '@mantine/core/styles.css';
