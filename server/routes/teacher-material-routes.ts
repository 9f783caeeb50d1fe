// A teacher's notes and assignments on their own lessons, and deleting one file of them
// (docs/teaching-admin.md, issue 10). Multipart bodies: `@fastify/multipart` is registered only in
// this plugin's own scope, with the material limits; the form is read by `readMaterialForm`.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object } from 'superstruct';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { MATERIAL_MULTIPART_LIMITS, readMaterialForm } from '../http/material-form';
import { typed } from '../http/validation';
import { assignmentResource, noteResource } from '../resources/commerce-resource';
import * as materials from '../services/material-service';
import * as documents from '../services/teacher-document-service';
import { nairobiDay } from '../services/timetable-service';
import { t } from '../../src/shared/messages';
import { choice, day, id, text, withRule } from '../../src/shared/request-schemas';
import { DESCRIPTION_MAX, TEACHER_DOCUMENT_KINDS, TITLE_MAX } from '../../src/shared/teaching';

const IdParams = object({ id: id() });
/** A list with no filters or pages: nothing in the query is read. */
const NoQuery = object({});

const Texts = {
  title: text({ max: TITLE_MAX, required: true }),
  description: text({ max: DESCRIPTION_MAX }),
};

/** A due date after today in Africa/Nairobi (SPEC §5); on an edit, the date it already has may stay. */
const dueDate = (current?: string) =>
  withRule(day(), 'dueDate', (value) =>
    value === current || value > nairobiDay(new Date()) ? null : t('validation.dateAfterToday'),
  );

const DocumentForm = object({ kind: choice(TEACHER_DOCUMENT_KINDS, { required: true }) });
const NoteStoreForm = object({ lesson_id: id(), ...Texts });
const NoteUpdateForm = object(Texts);
const AssignmentStoreForm = object({ lesson_id: id(), ...Texts, due_date: dueDate() });
const assignmentUpdateForm = (current: string) => object({ ...Texts, due_date: dueDate(current) });

export function teacherMaterialRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const teacher = { preValidation: guards.requireRole('teacher') };

  const noteAnswer = async (noteId: number, message: string) => ({
    message,
    data: noteResource(await materials.loadNote(ctx.db, noteId)),
  });
  const assignmentAnswer = async (assignmentId: number, message: string) => ({
    message,
    data: assignmentResource(await materials.loadAssignment(ctx.db, assignmentId)),
  });

  /** The caller's own note or assignment (404 otherwise), before its form is read. */
  const existing = (request: FastifyRequest, kind: materials.MaterialKind, materialId: number) =>
    materials.ownMaterial(ctx.db, currentUser(request).id, kind, materialId);

  void app.register(async (scope) => {
    await scope.register(multipart, { limits: MATERIAL_MULTIPART_LIMITS, throwFileSizeLimit: false });
    const api = typed(scope);

    // The teacher's own vetting documents (their upload screen); never anyone else's.
    api.get('/api/teacher/documents', { ...teacher, schema: { querystring: NoQuery } }, async (request) => ({
      data: (await documents.ownDocuments(ctx.db, currentUser(request).id)).map(
        documents.teacherDocumentResource,
      ),
    }));

    // Vetting documents (issue 24): an ID or certificates, PDF or images, for the admins' check.
    api.post('/api/teacher/documents', teacher, async (request, reply) => {
      const { body, uploads } = await readMaterialForm(request, DocumentForm, { existing: 0 });
      const stored = await documents.addDocuments(ctx, currentUser(request).id, body.kind, uploads);
      return reply
        .status(201)
        .send({ message: t('teach.documentUploaded'), data: stored.map(documents.teacherDocumentResource) });
    });

    api.post('/api/teacher/notes/store', teacher, async (request, reply) => {
      const { body, uploads } = await readMaterialForm(request, NoteStoreForm, { existing: 0 });
      const noteId = await materials.createMaterial(
        ctx,
        currentUser(request).id,
        'note',
        body.lesson_id,
        body,
        uploads,
      );
      return reply.status(201).send(await noteAnswer(noteId, t('messages.created', { name: 'Note' })));
    });

    api.post(
      '/api/teacher/notes/update/:id',
      { ...teacher, schema: { params: IdParams } },
      async (request) => {
        const note = await existing(request, 'note', request.params.id);
        const { body, uploads } = await readMaterialForm(request, NoteUpdateForm, {
          existing: note.fileCount,
        });
        await materials.updateMaterial(ctx, currentUser(request).id, 'note', note.id, body, uploads);
        return noteAnswer(note.id, t('messages.updated', { name: 'Note' }));
      },
    );

    api.post('/api/teacher/assignments/store', teacher, async (request, reply) => {
      const { body, uploads } = await readMaterialForm(request, AssignmentStoreForm, { existing: 0 });
      const assignmentId = await materials.createMaterial(
        ctx,
        currentUser(request).id,
        'assignment',
        body.lesson_id,
        { ...body, dueDate: body.due_date },
        uploads,
      );
      return reply
        .status(201)
        .send(await assignmentAnswer(assignmentId, t('messages.created', { name: 'Assignment' })));
    });

    api.post(
      '/api/teacher/assignments/update/:id',
      { ...teacher, schema: { params: IdParams } },
      async (request) => {
        const assignment = await existing(request, 'assignment', request.params.id);
        const current = await materials.loadAssignment(ctx.db, assignment.id);
        const { body, uploads } = await readMaterialForm(request, assignmentUpdateForm(current.dueDate), {
          existing: assignment.fileCount,
        });
        await materials.updateMaterial(
          ctx,
          currentUser(request).id,
          'assignment',
          assignment.id,
          { ...body, dueDate: body.due_date },
          uploads,
        );
        return assignmentAnswer(assignment.id, t('messages.updated', { name: 'Assignment' }));
      },
    );
  });

  const api = typed(app);

  api.delete(
    '/api/teacher/notes/delete/:id',
    { ...teacher, schema: { params: IdParams } },
    async (request) => {
      await materials.deleteMaterial(ctx, currentUser(request).id, 'note', request.params.id);
      return { message: t('messages.deleted', { name: 'Note' }) };
    },
  );

  api.delete(
    '/api/teacher/assignments/delete/:id',
    { ...teacher, schema: { params: IdParams } },
    async (request) => {
      await materials.deleteMaterial(ctx, currentUser(request).id, 'assignment', request.params.id);
      return { message: t('messages.deleted', { name: 'Assignment' }) };
    },
  );

  // The owner's file of a note or assignment; anyone else's (or a photo) is a 404.
  api.delete(
    '/api/files/delete/:id',
    { preValidation: guards.authenticate, schema: { params: IdParams } },
    async (request) => {
      await materials.deleteFile(ctx, currentUser(request).id, request.params.id);
      return { message: t('messages.deleted', { name: 'File' }) };
    },
  );
}
