import { Alert, Anchor, Breadcrumbs, Button, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { emptyText } from '@/machines/load-machine';
import { CenteredLoader } from '../../components/centered-loader';

/** Loading or failed state of a show page, with a retry. */
export function ShowState({
  resource,
  name,
}: {
  resource: { loading: boolean; error: string | null; retry: () => void };
  name: string;
}) {
  if (resource.loading) return <CenteredLoader label={`Loading ${name}`} />;
  return (
    <Alert color="red" variant="light" role="alert" title={resource.error}>
      <Button size="xs" variant="white" color="red" mt={4} onClick={resource.retry}>
        Try again
      </Button>
    </Alert>
  );
}

/** A part of a show page: its heading, then its items, or "No {name} available." when it has none. */
export function ShowSection({
  title,
  name,
  count,
  children,
}: {
  title: string;
  name: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <>
      <Title order={2} size="h4">
        {title}
      </Title>
      {count === 0 ? <Text c="gray.7">{emptyText(name)}</Text> : children}
    </>
  );
}

export function Trail({ items }: { items: Array<{ label: string; href?: string }> }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb">
      {items.map((item) =>
        item.href ? (
          <Anchor key={item.label} component={Link} href={item.href} size="sm" c="blue.9">
            {item.label}
          </Anchor>
        ) : (
          <Text key={item.label} size="sm" aria-current="page">
            {item.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}

export const showPath = (base: string, item: { id: number; slug: string | null }) =>
  `${base}/show/${encodeURIComponent(item.slug ?? String(item.id))}`;

/** A grade level's page. */
export const gradePath = (grade: { id: number; slug: string | null }) => showPath('/grade-levels', grade);
