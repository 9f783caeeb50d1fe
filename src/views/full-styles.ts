/**
 * Wraps a lazy module loader so Mantine's full stylesheet arrives with it: the first paint of the
 * public landing pages only waits for the small public stylesheet (src/views/styles/public.css),
 * and everything else (workspace, forms, dialogs, drawers) is styled before it renders.
 */
export function withFullStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([import('./styles/mantine-full'), load()]).then(([, module]) => module);
}
