// Catalogue writes, admin only (docs/teaching-admin.md): `POST /api/admin/{kind}/store`,
// `POST …/update/{id}`, `DELETE …/delete/{id}` for every kind, and the CONTRACT's older
// `/api/edu-levels/store|update|delete` paths on the same handlers.
import type { FastifyInstance } from 'fastify';
import { object, type Struct } from 'superstruct';
import type { AppContext } from '../context';
import type { Guards } from '../http/guards';
import { BODY_LIMIT, typed } from '../http/validation';
import {
  catalogueLabel,
  deleteItem,
  storeItem,
  updateItem,
  type CatalogueInput,
} from '../services/admin-catalogue-service';
import { t } from '../../src/shared/messages';
import { id, optionalId, text } from '../../src/shared/request-schemas';
import { CATALOGUE_KINDS, type CatalogueKind } from '../../src/shared/teaching';

// The service says "required" and "at most 100" itself, with the parent's check in the same 422;
// the caps here only stop hostile sizes.
const name = () => text({ max: 1000 });

type Body = {
  name: string;
  acronym?: string;
  color?: string;
  curriculum_id?: number | null;
  edu_level_id?: number | null;
  subject_id?: number | null;
  grade_level_id?: number | null;
  topic_id?: number | null;
};

/** Store and update take the same body; on update an absent parent keeps the current one. */
const BODIES: Record<CatalogueKind, Struct<Body, unknown>> = {
  curricula: object({ name: name(), acronym: text({ max: 1000 }) }),
  'edu-levels': object({ name: name(), curriculum_id: optionalId() }),
  'grade-levels': object({ name: name(), edu_level_id: optionalId() }),
  subjects: object({ name: name(), color: text({ max: 1000 }) }),
  topics: object({ name: name(), subject_id: optionalId(), grade_level_id: optionalId() }),
  subtopics: object({ name: name(), topic_id: optionalId() }),
} as Record<CatalogueKind, Struct<Body, unknown>>;

const IdParams = object({ id: id() });

const input = (body: Body): CatalogueInput => ({
  name: body.name,
  acronym: body.acronym,
  color: body.color,
  curriculumId: body.curriculum_id,
  eduLevelId: body.edu_level_id,
  subjectId: body.subject_id,
  gradeLevelId: body.grade_level_id,
  topicId: body.topic_id,
});

export function adminCatalogueRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const admin = { bodyLimit: BODY_LIMIT.json, preValidation: guards.requireRole('admin') };

  const register = (prefix: string, kind: CatalogueKind) => {
    const label = catalogueLabel(kind);
    api.post(`${prefix}/store`, { ...admin, schema: { body: BODIES[kind] } }, async (request, reply) => {
      const data = await storeItem(ctx.db, kind, input(request.body));
      return reply.status(201).send({ message: t('messages.created', { name: label }), data });
    });
    api.post(
      `${prefix}/update/:id`,
      { ...admin, schema: { params: IdParams, body: BODIES[kind] } },
      async (request) => ({
        message: t('messages.updated', { name: label }),
        data: await updateItem(ctx.db, kind, request.params.id, input(request.body)),
      }),
    );
    api.delete(`${prefix}/delete/:id`, { ...admin, schema: { params: IdParams } }, async (request) => {
      await deleteItem(ctx.db, kind, request.params.id);
      return { message: t('messages.deleted', { name: label }) };
    });
  };

  for (const kind of CATALOGUE_KINDS) register(`/api/admin/${kind}`, kind);
  // CONTRACT "Catalogue": edu-levels store, update and delete under /api.
  register('/api/edu-levels', 'edu-levels');
}
