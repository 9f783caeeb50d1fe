// Public home and plans (docs/catalogue-api.md "Public site").
import { initialDecoded, request } from './http';
import { dataOf, listOf } from './envelope';
import { decodeHome, decodePackage, type Home, type Package } from './schemas/web';

export async function fetchHome(): Promise<Home> {
  return decodeHome(dataOf(await request('/api/web')));
}

/** The home data the page's HTML carries, if any (src/services/http.ts `initialAnswer`). */
export function initialHome(): Home | undefined {
  return initialDecoded('/api/web', undefined, (answer) => decodeHome(dataOf(answer)));
}

export async function fetchPackages(): Promise<Package[]> {
  return listOf(await request('/api/web/packages')).map(decodePackage);
}
