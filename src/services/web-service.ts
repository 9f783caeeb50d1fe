// Public home and plans (docs/catalogue-api.md "Public site").
import { request } from './http';
import { dataOf, listOf } from './envelope';
import { prefetch, takePrefetched } from './prefetch';
import { decodeHome, decodePackage, type Home, type Package } from './schemas/web';

async function loadHome(): Promise<Home> {
  return decodeHome(dataOf(await request('/api/web')));
}

export function fetchHome(): Promise<Home> {
  return takePrefetched<Home>('home') ?? loadHome();
}

/** Asks for the home page's data before its page has loaded (start-up on `/`). */
export function prefetchHome(): void {
  prefetch('home', loadHome);
}

export async function fetchPackages(): Promise<Package[]> {
  return listOf(await request('/api/web/packages')).map(decodePackage);
}
