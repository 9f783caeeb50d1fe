import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { curriculumListItem } from '../resources/catalogue-resource';
import { curriculaWithLevelCounts } from '../services/catalogue-service';

export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Reference data for sign-up and profile forms: readable without signing in.
  app.get('/api/curricula/all', async () => {
    const rows = await curriculaWithLevelCounts(ctx.db);
    return { data: rows.map((row) => curriculumListItem(row.curriculum, row.eduLevelCount)) };
  });
}
