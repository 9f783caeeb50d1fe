import { Alert, Avatar, Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { photoUploadMachine } from '@/machines/photo-upload-machine';
import type { User } from '@/services/schemas/user';
import { PHOTO_MAX_MB, PHOTO_MIME_TYPES, PHOTO_TYPE_NAMES } from '@/shared/validation';
import { useScreenActor } from '../../use-screen-actor';
import { initialsOf } from './initials';

/** A URL for showing the chosen file before it is uploaded; released when the file changes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** /profile-setting: the profile photo (JPEG, PNG or WebP up to 5 MB), previewed before upload. */
export function PhotoUpload({ user }: { user: User }) {
  // The uploaded user reaches the session and the notice the snackbar through the app (screen effects).
  const actor = useScreenActor(photoUploadMachine);
  const file = useSelector(actor, (s) => s.context.file);
  const error = useSelector(actor, (s) => s.context.error);
  const pending = useSelector(
    actor,
    (s) => s.matches('chosen') || s.matches('uploading') || s.matches('failed'),
  );
  const uploading = useSelector(actor, (s) => s.hasTag('busy'));
  const preview = usePreview(file);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');

  return (
    <Stack gap="sm" component="section" aria-labelledby="photo-heading">
      <Title order={2} size="h4" id="photo-heading">
        Profile photo
      </Title>
      <Group gap="md" align="center">
        <Avatar
          src={pending ? preview : user.photoUrl}
          alt={pending ? 'Preview of your new photo' : name ? `Photo of ${name}` : 'Your photo'}
          size={88}
          radius="50%"
          color="blue"
        >
          {initialsOf(user)}
        </Avatar>
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton
              accept={PHOTO_MIME_TYPES.join(',')}
              onChange={(chosen) => chosen && actor.send({ type: 'photo.choose', file: chosen })}
              disabled={uploading}
              inputProps={{ 'aria-label': 'Choose a profile photo' }}
            >
              {(props) => (
                <Button {...props} variant="light" disabled={uploading}>
                  {user.photoUrl ? 'Change photo' : 'Choose photo'}
                </Button>
              )}
            </FileButton>
            {pending && (
              <>
                <Button
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={uploading}
                  onClick={() => actor.send({ type: 'photo.upload' })}
                >
                  Upload photo
                </Button>
                <Button
                  variant="default"
                  disabled={uploading}
                  onClick={() => actor.send({ type: 'photo.cancel' })}
                >
                  Cancel
                </Button>
              </>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            {file ? `${file.name} · ` : ''}
            {PHOTO_TYPE_NAMES}, at most {PHOTO_MAX_MB} MB.
          </Text>
        </Stack>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
