import { Button, Group, Modal, Text } from '@mantine/core';
import { shallowEqual, useSelector } from '@xstate/react';
import { selectRemoveDialog } from '@/machines/remove-item-machine';
import { useRemoveItem } from '../../app-actors-context';

/** SPEC §2: persistent confirmation (only its buttons close it), at most 500 wide. */
export function RemoveItemDialog() {
  const removeItem = useRemoveItem();
  const dialog = useSelector(removeItem, selectRemoveDialog, shallowEqual);
  return (
    <Modal
      opened={dialog.open}
      onClose={() => removeItem.send({ type: 'remove.cancel' })}
      size={500}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      title="Remove item"
      styles={{ title: { fontWeight: 700 } }}
    >
      <Text size="sm">Remove {dialog.name} from your cart?</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" disabled={dialog.busy} onClick={() => removeItem.send({ type: 'remove.cancel' })}>
          Cancel
        </Button>
        <Button color="red" loading={dialog.busy} onClick={() => removeItem.send({ type: 'remove.confirm' })}>
          Remove
        </Button>
      </Group>
    </Modal>
  );
}
