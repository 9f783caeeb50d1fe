// Public FAQs (docs/catalogue-api.md).
import { request } from './http';
import { decodePage, type ListPage } from './schemas/page';
import { decodeFaq, type Faq } from './schemas/web';

export async function fetchFaqs(): Promise<ListPage<Faq>> {
  return decodePage(await request('/api/web/faqs'), decodeFaq);
}
