// The public class page (src/views/pages/public/class-view-page.tsx, classpage issue 24), a landing
// page: its own small module, so no workspace screens come into the chunk it loads.
import { fetchPublicClass, initialPublicClass, type PublicClassLookup } from '@/services/class-service';
import { oneLoader, type Loaded } from '../load-machine';

/** A public class with its lessons (param `id`); `found: false` when no approved class has that id. */
export const publicClassLoader = oneLoader<PublicClassLookup>((params) =>
  fetchPublicClass(String(params.id ?? '')),
);

/** The class the page's HTML already carries, if any: the page then shows it with no call. */
export function initialClassAnswer(id: string): Loaded | undefined {
  const lookup = initialPublicClass(id);
  return lookup === undefined ? undefined : { kind: 'one', data: lookup };
}
