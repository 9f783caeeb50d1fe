// Pieces the admin screens share: a screen's approval actor with its dialog and decision buttons, the
// status badge, a definition list for an item's details and a table that scrolls on a phone.
import { Alert, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import {
  selectApprovalDialog,
  type ApprovalAction,
  type ApprovalItem,
  type approvalMachine,
} from '@/machines/approval-machine';
import { REMARK_MAX } from '@/shared/teaching';
import { useScreenActor } from '../../use-screen-actor';

/** Filled badges whose white text passes AA (green.9 and orange.9 do not). */
export const STATUS_COLORS: Record<string, string> = {
  pending: 'blue.9',
  new: 'gray.8',
  approved: 'teal.9',
  declined: 'red.9',
  rejected: 'red.9',
  cancelled: 'gray.8',
};

export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return null;
  return (
    <Badge variant="filled" color={STATUS_COLORS[status] ?? 'gray.8'} style={{ flexShrink: 0 }}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}

/**
 * The screen's approval actor (its `decide` service and what follows a decision are bound in
 * src/machines/screens/admin-screens.ts): the dialog it shows and the events the buttons send.
 */
export function useApproval(logic: typeof approvalMachine) {
  const actor = useScreenActor(logic);
  const dialog = useSelector(actor, selectApprovalDialog, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  return {
    dialog,
    start: (item: ApprovalItem, action: ApprovalAction) =>
      actor.send({ type: 'approval.start', item, action }),
    changeComment: (value: string) => actor.send({ type: 'comment.change', value }),
    confirm: () => actor.send({ type: 'approval.confirm' }),
    cancel: () => actor.send({ type: 'approval.cancel' }),
    retry: () => actor.send({ type: 'approval.retry' }),
    close: () => actor.send({ type: 'approval.close' }),
  };
}

export type ApprovalBinding = ReturnType<typeof useApproval>;

const VERBS: Record<ApprovalAction, string> = { approve: 'Approve', decline: 'Decline', reject: 'Reject' };

/** The confirmation: a comment for a decline or reject, the server's message after a failure. */
export function ApprovalDialog({
  approval,
  commentLabel,
}: {
  approval: ApprovalBinding;
  commentLabel: string;
}) {
  const { dialog } = approval;
  const verb = dialog.action ? VERBS[dialog.action] : '';
  const title = dialog.item ? `${verb} ${dialog.item.name}` : verb;
  const dismiss = dialog.failed ? approval.close : approval.cancel;
  function submit(event: FormEvent) {
    event.preventDefault();
    approval.confirm();
  }
  return (
    <Modal
      opened={dialog.open}
      onClose={dismiss}
      title={title}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {dialog.failed ? (
            <Alert color="red" variant="light" role="alert">
              {dialog.error}
            </Alert>
          ) : (
            !dialog.asksComment && <Text size="sm">{`${verb} ${dialog.item?.name ?? ''}?`}</Text>
          )}
          {dialog.asksComment && (
            <Textarea
              label={commentLabel}
              required
              rows={4}
              maxLength={REMARK_MAX + 50}
              value={dialog.comment}
              onChange={(event) => approval.changeComment(event.currentTarget.value)}
              error={dialog.commentError}
              disabled={dialog.busy || dialog.failed}
              data-autofocus
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss} disabled={dialog.busy}>
              {dialog.failed ? 'Close' : 'Cancel'}
            </Button>
            {dialog.failed ? (
              <Button onClick={approval.retry}>Try again</Button>
            ) : (
              <Button
                type="submit"
                loading={dialog.busy}
                color={dialog.action === 'approve' ? 'teal.9' : 'red.9'}
              >
                {verb}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Approve and decline/reject buttons of a pending item; named after the item for screen readers. */
export function DecisionButtons({
  approval,
  item,
  turnDown,
}: {
  approval: ApprovalBinding;
  item: ApprovalItem;
  turnDown: 'decline' | 'reject';
}) {
  return (
    <Group gap="xs">
      <Button
        size="xs"
        color="teal.9"
        onClick={() => approval.start(item, 'approve')}
        aria-label={`Approve ${item.name}`}
      >
        Approve
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        onClick={() => approval.start(item, turnDown)}
        aria-label={`${VERBS[turnDown]} ${item.name}`}
      >
        {VERBS[turnDown]}
      </Button>
    </Group>
  );
}

/** Label–value pairs of an item (a `<dl>`), skipping empty values. */
export function Details({ rows }: { rows: Array<[string, ReactNode]> }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <Stack component="dl" gap={2} m={0}>
      {shown.map(([label, value]) => (
        <Group key={label} gap={6} wrap="nowrap" align="flex-start">
          <Text component="dt" size="sm" c="gray.7" style={{ flexShrink: 0 }}>
            {label}:
          </Text>
          <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * A table wider than a phone in a scroll viewport that takes keyboard focus and is named for
 * screen readers (axe: scrollable-region-focusable); `children` are the body rows.
 */
export function ScrollTable({
  label,
  minWidth,
  columns,
  children,
}: {
  label: string;
  minWidth: number;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      <Table striped miw={minWidth} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
