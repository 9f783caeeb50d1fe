// A teacher's vetting documents on their approval card (issue 24): what each is, its name as a
// download link (GET /api/files/{id}, admins and the owner only).
import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { teacherDocumentsLoader } from '@/machines/screens/admin-screens';
import type { TeacherDocument } from '@/services/schemas/admin';
import { t } from '@/shared/messages';
import { TEACHER_DOCUMENT_KIND_LABELS, type TeacherDocumentKind } from '@/shared/teaching';
import { useLoader } from '../../use-loader';

const kindName = (kind: string) => TEACHER_DOCUMENT_KIND_LABELS[kind as TeacherDocumentKind] ?? kind;

export function TeacherDocuments({ teacherId, teacherName }: { teacherId: number; teacherName: string }) {
  const documents = useLoader(teacherDocumentsLoader, {
    name: `documents of ${teacherName}`,
    params: { teacherId: String(teacherId) },
    inUrl: false,
  });
  const list: TeacherDocument[] = documents.data ?? [];
  return (
    // Named with the teacher: one region per card, each its own landmark name.
    <Stack gap={4} component="section" aria-label={`Documents of ${teacherName}`}>
      <Title order={3} size="h6">
        Documents
      </Title>
      {documents.loading && <Loader size="xs" role="status" aria-label="Loading documents" />}
      {documents.error && (
        <Text size="sm" c="red.9">
          {documents.error}
        </Text>
      )}
      {!documents.loading && !documents.error && list.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('teach.noDocuments')}
        </Text>
      )}
      {list.length > 0 && (
        <Stack component="ul" gap={2} p={0} m={0}>
          {list.map((document) => (
            <Text component="li" key={document.id} size="sm" style={{ listStyle: 'none' }}>
              {kindName(document.kind)}:{' '}
              <Anchor href={document.url} target="_blank" rel="noopener">
                {document.name}
              </Anchor>
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
