import { Anchor, NativeSelect, Stack, Table, Title } from '@mantine/core';
import { Link } from 'wouter';
import { curriculumChoicesLoader, gradeLevelsLoader } from '@/machines/screens/catalogue-screens';
import { ListStates } from '../../components/lists/list-states';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { gradePath } from './catalogue-parts';

export default function GradeLevelsPage() {
  usePageTitle('Grade levels');
  const list = useLoader(gradeLevelsLoader, { name: 'grade levels' });
  const curricula = useLoader(curriculumChoicesLoader, { name: 'curricula', inUrl: false });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Grade levels
      </Title>
      <NativeSelect
        label="Curriculum"
        maw={320}
        value={list.query.curriculum ?? ''}
        onChange={(event) => list.setFilter('curriculum', event.currentTarget.value)}
        data={[
          { value: '', label: 'All' },
          ...(curricula.data ?? []).map((c) => ({ value: c.slug ?? String(c.id), label: c.name })),
        ]}
      />
      <ListStates list={list}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Grade level</Table.Th>
              <Table.Th>Education level</Table.Th>
              <Table.Th>Curriculum</Table.Th>
              <Table.Th>Subjects</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.items.map((grade) => (
              <Table.Tr key={grade.id}>
                <Table.Td>
                  <Anchor component={Link} href={gradePath(grade)} c="blue.9">
                    {grade.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{grade.eduLevel?.name ?? ''}</Table.Td>
                <Table.Td>
                  {grade.eduLevel?.curriculum?.acronym ?? grade.eduLevel?.curriculum?.name ?? ''}
                </Table.Td>
                <Table.Td>{grade.subjectsCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListStates>
    </Stack>
  );
}
