// Public home and plans (docs/catalogue-api.md "Public site").
import { request } from './http';
import { dataOf, listOf } from './envelope';
import { decodeHome, decodePackage, type Home, type Package } from './schemas/web';

export async function fetchHome(): Promise<Home> {
  return decodeHome(dataOf(await request('/api/web')));
}

export async function fetchPackages(): Promise<Package[]> {
  return listOf(await request('/api/web/packages')).map(decodePackage);
}
