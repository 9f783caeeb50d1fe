// "Vetting documents" on the teacher profile (issue 24): the documents already uploaded (each a
// download link: the owner may read their own), and a form for one more: what it is, the file, Upload.
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Loader,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { vettingDocuments } from '@/machines/screens/vetting-screens';
import { selectVettingDocuments } from '@/machines/vetting-documents-machine';
import { t } from '@/shared/messages';
import {
  MATERIAL_FILE_MAX_MB,
  TEACHER_DOCUMENT_KIND_LABELS,
  TEACHER_DOCUMENT_KINDS,
  TEACHER_DOCUMENT_MIME_TYPES,
  type TeacherDocumentKind,
} from '@/shared/teaching';
import { useScreenActor } from '../../use-screen-actor';

const kindLabel = (kind: string) => TEACHER_DOCUMENT_KIND_LABELS[kind as TeacherDocumentKind] ?? kind;
const isKind = (value: string): value is TeacherDocumentKind =>
  (TEACHER_DOCUMENT_KINDS as readonly string[]).includes(value);

function sizeText(bytes: number | null | undefined): string {
  if (!bytes) return '';
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function VettingDocuments() {
  const actor = useScreenActor(vettingDocuments);
  const view = useSelector(actor, selectVettingDocuments);

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" component="section" aria-labelledby="vetting-heading">
        <Title order={2} size="h4" id="vetting-heading">
          {t('vetting.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('vetting.intro')}
        </Text>

        {view.loading && <Loader size="sm" role="status" aria-label="Loading your documents" />}
        {view.loadFailed && (
          <Alert color="red" role="alert">
            <Group justify="space-between" gap="sm">
              <span>{view.error}</span>
              <Button size="xs" variant="light" onClick={() => actor.send({ type: 'documents.retry' })}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}

        {!view.loading && !view.loadFailed && (
          <>
            <Stack gap={4} component="section" aria-labelledby="vetting-uploaded-heading">
              <Title order={3} size="h6" id="vetting-uploaded-heading">
                {t('vetting.uploaded')}
              </Title>
              {view.documents.length === 0 ? (
                <Text size="sm" c="gray.7">
                  {t('teach.noDocuments')}
                </Text>
              ) : (
                <Stack component="ul" gap={2} p={0} m={0}>
                  {view.documents.map((document) => (
                    <Text component="li" key={document.id} size="sm" style={{ listStyle: 'none' }}>
                      {kindLabel(document.kind)}:{' '}
                      <Anchor href={document.url} target="_blank" rel="noopener">
                        {document.name}
                      </Anchor>{' '}
                      <Text span size="xs" c="gray.7">
                        {sizeText(document.size)}
                      </Text>
                    </Text>
                  ))}
                </Stack>
              )}
            </Stack>

            <form
              aria-label="Upload a document"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                actor.send({ type: 'document.upload' });
              }}
            >
              <Stack gap="sm">
                <Radio.Group
                  label="What is it?"
                  required
                  value={view.kind ?? ''}
                  onChange={(value) => isKind(value) && actor.send({ type: 'document.kind', kind: value })}
                  error={view.kindError}
                >
                  <Group gap="md" mt={4}>
                    {TEACHER_DOCUMENT_KINDS.map((kind) => (
                      <Radio key={kind} value={kind} label={kindLabel(kind)} disabled={view.uploading} />
                    ))}
                  </Group>
                </Radio.Group>
                <FileInput
                  label="Document"
                  required
                  clearable
                  accept={TEACHER_DOCUMENT_MIME_TYPES.join(',')}
                  description={t('vetting.fileHint', { size: MATERIAL_FILE_MAX_MB })}
                  value={view.file}
                  onChange={(file) => actor.send({ type: 'document.choose', file })}
                  error={view.fileError}
                  disabled={view.uploading}
                />
                {view.error && (
                  <Alert color="red" role="alert">
                    {view.error}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    loading={view.uploading}
                  >
                    Upload document
                  </Button>
                </Group>
              </Stack>
            </form>
          </>
        )}
      </Stack>
    </Card>
  );
}
