import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link } from 'wouter';
import { t } from '@/shared/messages';

/** Product mark; a link home unless `to` is null (e.g. inside a form flow). */
export function Logo({ to = '/', size = 'lg' }: { to?: string | null; size?: 'md' | 'lg' }) {
  const mark = (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 36 : 30} radius="md" variant="filled" aria-hidden>
        <IconSchool size={size === 'lg' ? 22 : 18} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'lg' ? 'xl' : 'lg'} c="blue.8">
        {t('app.name')}
      </Text>
    </Group>
  );
  if (to === null) return mark;
  return (
    <Link href={to} aria-label={`${t('app.name')} home`} style={{ textDecoration: 'none' }}>
      {mark}
    </Link>
  );
}
