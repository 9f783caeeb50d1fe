// The landing pages' data (home, classes) and the footer's newsletter form: what every visitor's
// first page loads, so only the services those pages already need (the entry's `app` chunk,
// vite.config.ts). The other public lists bind theirs in catalogue-screens.ts and questions-screens.ts.
import { formSubmitter } from '@/machines/form-machine';
import { listLoader, oneLoader, type ListQuery, type Loaded } from '@/machines/load-machine';
import { fetchClasses, fetchClassFilters, initialClasses } from '@/services/class-service';
import { ApiError, isApiError } from '@/services/http';
import { subscribeToNewsletter } from '@/services/newsletter-service';
import type { ListPage } from '@/services/schemas/page';
import type { ClassFilters, Home, LessonClass } from '@/services/schemas/web';
import { fetchHome, initialHome } from '@/services/web-service';
import { t } from '@/shared/messages';

/** A page the HTML carries, as the load machine's `initial` answer. */
const initialList = <T>(page: ListPage<T> | undefined): Loaded | undefined =>
  page && { kind: 'list', items: page.items, meta: page.meta };

/** The home page's sections: featured classes, lessons, subjects, teachers, questions, plans. */
export const homeLoader = oneLoader<Home>(() => fetchHome());

/** The home data the page's HTML carries, if any: the sections start loaded, with no call. */
export function initialHomeAnswer(): Loaded | undefined {
  const home = initialHome();
  return home && { kind: 'one', data: home };
}

/** `/classes`: approved classes, filtered and paged in the URL. */
export const classesLoader = listLoader<LessonClass>((query) => fetchClasses(query));

/** The classes page the HTML carries for this query, if any. */
export const initialClassesPage = (query: ListQuery): Loaded | undefined =>
  initialList(initialClasses(query));

/** The options of the catalogue filters (curricula, grade levels, subjects) of /classes and Find lessons. */
export const catalogueFilterOptionsLoader = oneLoader<ClassFilters>(() => fetchClassFilters());

export type NewsletterValues = { email: string };

/** The footer's sign-up; the same thank-you for a new and a repeated address. */
export const newsletterForm = formSubmitter<NewsletterValues, { message: string }>((values) =>
  subscribeToNewsletter(values.email).catch((error: unknown) => {
    // A 422 names the field; any other failure gets the newsletter's own wording.
    if (isApiError(error) && error.status === 422) throw error;
    throw new ApiError({ status: isApiError(error) ? error.status : 0, message: t('newsletter.error') });
  }),
);
