// The multipart form of a note or an assignment (docs/teaching-admin.md): its text fields, checked
// by the route's superstruct schema, and its `files` parts, checked as they arrive by the shared rule
// (`materialFileProblem`) and by their bytes. A file stops being read one byte past 10 MB, and a file
// over the count stops the request there: nothing larger than the limits is ever held, and nothing
// is stored until the whole form is read and valid. Everything wrong is a 422 in the SPEC §5 words.
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import { t } from '../../src/shared/messages';
import {
  MATERIAL_FILE_MAX_BYTES,
  MATERIAL_FILE_TYPE_NAMES,
  MATERIAL_FILE_TYPES,
  MATERIAL_FILES_MAX,
  materialFileCountProblem,
  materialFileProblem,
} from '../../src/shared/teaching';
import {
  bytesMatchExtension,
  cleanFileName,
  extensionOf,
  type MaterialUpload,
} from '../services/material-service';
import type { FieldErrors } from '../../src/shared/validation';
import { HttpError, ValidationError } from './errors';
import { fieldErrors } from './validation';

/** The parser's limits for the scope the material routes live in (server/routes/teacher-material-routes.ts). */
export const MATERIAL_MULTIPART_LIMITS = {
  // One byte over the limit is read, so a cut-off file is always longer than any allowed one.
  fileSize: MATERIAL_FILE_MAX_BYTES + 1,
  files: MATERIAL_FILES_MAX + 1,
  fields: 10,
  parts: MATERIAL_FILES_MAX + 11,
  // Longer than any text field may be (5,000 characters of at most 4 bytes), so a cut value still fails its schema.
  fieldSize: 64 * 1024,
};

const FILE_FIELDS = new Set(['files', 'files[]']);

const filesError = (message: string) => ValidationError.field('files', message);
const countMessage = () => materialFileCountProblem(MATERIAL_FILES_MAX + 1) ?? t('validation.general');

/** A file part: read up to one byte over the limit, then judged by name, size and bytes. */
async function readUpload(part: Multipart & { type: 'file' }): Promise<MaterialUpload> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Past the limit: stop reading (the stream is destroyed), the answer is already known.
    if (size > MATERIAL_FILE_MAX_BYTES) break;
    chunks.push(buffer);
  }
  if (part.file.truncated) size = Math.max(size, MATERIAL_FILE_MAX_BYTES + 1);
  const name = cleanFileName(part.filename);
  const problem = materialFileProblem({ name, size });
  if (problem) throw filesError(problem);
  const bytes = Buffer.concat(chunks);
  const extension = extensionOf(name);
  if (!bytesMatchExtension(extension, bytes))
    throw filesError(t('validation.fileTypes', { types: MATERIAL_FILE_TYPE_NAMES }));
  return { name, extension, mimeType: MATERIAL_FILE_TYPES[extension] ?? 'application/octet-stream', bytes };
}

/**
 * After an early refusal the rest of the upload is read and dropped (never held): the parser has
 * stopped consuming it, and a request left half-read would keep its connection busy for good.
 */
function discardRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/**
 * Reads a note's or assignment's form: `fields` through `schema` (coerced like every route body),
 * the `files` parts (also `files[]`) each checked, so that `existing + files` stays within 1 to 5.
 * Answers the body and the checked uploads, or throws one 422 naming every bad field. A request
 * that is not multipart reads as an empty form.
 */
export async function readMaterialForm<T>(
  request: FastifyRequest,
  schema: Struct<T, unknown>,
  { existing }: { existing: number },
): Promise<{ body: T; uploads: MaterialUpload[] }> {
  const fields: Record<string, unknown> = {};
  const uploads: MaterialUpload[] = [];
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
          continue;
        }
        if (!FILE_FIELDS.has(part.fieldname)) {
          part.file.resume();
          continue;
        }
        // One too many: refuse before reading it.
        if (existing + uploads.length + 1 > MATERIAL_FILES_MAX) {
          part.file.resume();
          throw filesError(countMessage());
        }
        uploads.push(await readUpload(part));
      }
    } catch (error) {
      discardRest(request);
      if (error instanceof HttpError) throw error;
      // A malformed body or one over the parser's limits is bad input, never a 500.
      throw ValidationError.field('body', t('validation.general'));
    }
  }
  const errors: FieldErrors = {};
  const [invalid, body] = schema.validate(fields, { coerce: true, mask: true });
  if (invalid) Object.assign(errors, fieldErrors(invalid, 'body'));
  const countProblem = materialFileCountProblem(existing + uploads.length);
  if (countProblem) errors.files = [countProblem];
  if (invalid || countProblem) throw new ValidationError(errors);
  return { body: body as T, uploads };
}
