// The routes an app registered, read back from Fastify's printRoutes (there is no other listing).

export type Route = { method: string; url: string };

/** Flattens Fastify's route tree (`├── api/cart (GET, HEAD)` with nested `│   └── /store (POST)`). */
export function parseRouteTree(tree: string): Route[] {
  const routes: Route[] = [];
  const pathAtDepth: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const full = (depth === 0 ? '' : (pathAtDepth[depth - 1] ?? '')) + (match[2] ?? '');
    pathAtDepth[depth] = full;
    pathAtDepth.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((part) => part.trim())) {
      if (method) routes.push({ method, url: full });
    }
  }
  return routes;
}
