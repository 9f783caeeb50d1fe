// Profile photos: checked by their bytes, stored in the file storage under a generated key, one per
// user (a new upload removes the previous one), served publicly since teacher cards show them.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { files, users } from '../db/schema';
import { notFound, ValidationError } from '../http/errors';
import { t } from '../../src/shared/messages';
import { PHOTO_MAX_BYTES, PHOTO_MAX_MB, PHOTO_TYPE_NAMES } from '../../src/shared/validation';

type PhotoType = { mimeType: 'image/jpeg' | 'image/png' | 'image/webp'; extension: 'jpg' | 'png' | 'webp' };

/** The public path a photo is served at; `users.photo` holds it, so every resource shows it as is. */
const PHOTO_PATH = '/api/photos/';
const KEY_PREFIX = 'photos/';
const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/** What the bytes are, whatever the upload claimed: JPEG, PNG or WebP by their signatures, else null. */
export function photoTypeOf(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { mimeType: 'image/jpeg', extension: 'jpg' };
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { mimeType: 'image/png', extension: 'png' };
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { mimeType: 'image/webp', extension: 'webp' };
  return null;
}

const photoTypesError = () =>
  ValidationError.field('photo', t('validation.fileTypes', { types: PHOTO_TYPE_NAMES }));
export const photoSizeError = () =>
  ValidationError.field('photo', t('validation.fileSize', { size: PHOTO_MAX_MB }));

/** Stores the photo and makes it the user's; the previous photo's row and bytes are removed. */
export async function replacePhoto(
  ctx: AppContext,
  userId: number,
  upload: { fileName: string; bytes: Buffer },
): Promise<void> {
  if (upload.bytes.length === 0) throw ValidationError.field('photo', t('validation.required'));
  if (upload.bytes.length > PHOTO_MAX_BYTES) throw photoSizeError();
  const type = photoTypeOf(upload.bytes);
  if (!type) throw photoTypesError();

  const name = `${randomUUID()}.${type.extension}`;
  const key = `${KEY_PREFIX}${name}`;
  await ctx.storage.put(key, upload.bytes);
  let previousKeys: string[];
  try {
    previousKeys = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(files)
        .values({
          ownerUserId: userId,
          purpose: 'photo',
          name: upload.fileName.slice(0, 255) || name,
          sizeBytes: upload.bytes.length,
          mimeType: type.mimeType,
          storageKey: key,
        })
        .returning({ id: files.id });
      if (!created) throw new Error('File insert returned no row');
      const previous = await tx
        .delete(files)
        .where(and(eq(files.ownerUserId, userId), eq(files.purpose, 'photo'), ne(files.id, created.id)))
        .returning({ key: files.storageKey });
      await tx
        .update(users)
        .set({ photo: `${PHOTO_PATH}${name}`, updatedAt: new Date() })
        .where(eq(users.id, userId));
      return previous.map((row) => row.key);
    });
  } catch (error) {
    // Nothing refers to the new bytes: do not leave them behind.
    await ctx.storage.remove(key);
    throw error;
  }
  // After the commit: a failed removal leaves an unreferenced file, never a broken photo.
  await Promise.all(previousKeys.map((previous) => ctx.storage.remove(previous).catch(() => undefined)));
}

/** A photo's bytes and type by its public name; anything else (or a removed photo) is a 404. */
export async function readPhoto(
  ctx: AppContext,
  name: string,
): Promise<{ mimeType: string; size: number; stream: Readable }> {
  if (!NAME.test(name)) throw notFound();
  const [row] = await ctx.db
    .select({ mimeType: files.mimeType, size: files.sizeBytes })
    .from(files)
    .where(and(eq(files.storageKey, `${KEY_PREFIX}${name}`), eq(files.purpose, 'photo')));
  if (!row) throw notFound();
  const stream = await ctx.storage.read(`${KEY_PREFIX}${name}`);
  if (!stream) throw notFound();
  return { ...row, stream };
}
