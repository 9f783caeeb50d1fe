import { Group, NativeSelect, Stack, Table, Title } from '@mantine/core';
import { usersLoader } from '@/machines/screens/admin-screens';
import { USER_ROLE_FILTERS, userSummaryName } from '@/shared/admin';
import { formatDate } from '@/shared/format';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { ScrollTable } from './admin-parts';

const COLUMNS = ['Name', 'E-mail', 'Phone', 'Roles', 'Status', 'Joined'] as const;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const ROLE_OPTIONS = [
  { value: '', label: 'All roles' },
  ...USER_ROLE_FILTERS.map((role) => ({ value: role, label: capitalised(role) })),
];

/** `/admin/users`: everyone with an account; the search, the role and the page live in the URL. */
export default function AdminUsersPage() {
  usePageTitle('Users');
  const list = useLoader(usersLoader, { name: 'users' });
  const role = (USER_ROLE_FILTERS as readonly string[]).includes(list.query.role ?? '')
    ? (list.query.role ?? '')
    : '';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Users
      </Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <div style={{ flex: '1 1 260px' }}>
          <SearchBox list={list} label="Search users" withButton buttonVariant="default" />
        </div>
        <NativeSelect
          label="Role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(event) => list.setFilter('role', event.currentTarget.value || null)}
          style={{ flex: '0 0 180px' }}
        />
      </Group>
      <ListStates list={list} label="Pages of users">
        <ScrollTable label="Users table" minWidth={760} columns={COLUMNS}>
          {list.items.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{userSummaryName(user)}</Table.Td>
              <Table.Td>{user.email ?? '–'}</Table.Td>
              <Table.Td>{user.phone ?? '–'}</Table.Td>
              <Table.Td>{user.roles.map((r) => capitalised(r.name)).join(', ') || '–'}</Table.Td>
              <Table.Td>{user.status ? capitalised(user.status) : '–'}</Table.Td>
              <Table.Td>{user.createdAt ? formatDate(user.createdAt) : '–'}</Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      </ListStates>
    </Stack>
  );
}
