import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  PinInput,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { phoneVerificationMachine, selectPhoneVerification } from '@/machines/phone-verification-machine';
import { notificationChoicesLoader, notificationSettingsForm } from '@/machines/screens/account-screens';
import type { User } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  PHONE_CODE_LENGTH,
  type NotificationSettings,
} from '@/shared/notification-channels';
import { displayPhone } from '@/shared/validation';
import { ListStates } from '../lists/list-states';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { useScreenActor } from '../../use-screen-actor';
import { ProfileForm } from './profile-form';

/** The dialog that proves the number: send a code, type its 6 digits, verified. */
function VerifyPhoneDialog({ actor }: { actor: ReturnType<typeof usePhoneVerification> }) {
  const view = useSelector(actor, selectPhoneVerification);
  // What is typed is the field's own value until it is submitted.
  const [code, setCode] = useState('');
  const close = () => actor.send({ type: 'phone.close' });
  const submit = (value = code) => actor.send({ type: 'code.submit', code: value });

  return (
    <Modal
      opened={view.open}
      onClose={close}
      title="Verify your phone number"
      centered
      closeButtonProps={{ 'aria-label': 'Close phone verification' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          We send a {PHONE_CODE_LENGTH}-digit code by SMS to <strong>{displayPhone(view.phone)}</strong>. It
          is valid for 10 minutes.
        </Text>
        {!view.entering ? (
          <>
            {view.error && (
              <Alert color="red" role="alert">
                {view.error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button loading={view.sending} onClick={() => actor.send({ type: 'code.send' })}>
                Send code
              </Button>
            </Group>
          </>
        ) : (
          <form
            noValidate
            aria-label="Enter the code"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              {view.sent && (
                <Text size="sm" c="dimmed" role="status">
                  {view.sent}
                </Text>
              )}
              <Stack gap={4} role="group" aria-label="Verification code">
                <Text size="sm" fw={500}>
                  Verification code
                </Text>
                <PinInput
                  length={PHONE_CODE_LENGTH}
                  type="number"
                  oneTimeCode
                  value={code}
                  onChange={setCode}
                  onComplete={(value) => submit(value)}
                  error={Boolean(view.error)}
                  getInputProps={(index) => ({ 'aria-label': `Verification code, digit ${index + 1}` })}
                />
                {view.error && (
                  <Text size="xs" c="red" role="alert">
                    {view.error}
                  </Text>
                )}
              </Stack>
              <Group justify="space-between">
                <Button
                  variant="subtle"
                  loading={view.sending}
                  disabled={view.checking}
                  onClick={() => {
                    setCode('');
                    actor.send({ type: 'code.send' });
                  }}
                >
                  Send a new code
                </Button>
                <Button type="submit" loading={view.checking} disabled={view.sending}>
                  Verify
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}

const usePhoneVerification = () => useScreenActor(phoneVerificationMachine);

/** The profile's phone: "Verified", or a Verify button that opens the code dialog. */
function PhoneStatus({ user }: { user: User }) {
  const actor = usePhoneVerification();
  if (!user.phone)
    return (
      <Text size="sm" c="dimmed">
        Add your phone number under Personal details to get SMS.
      </Text>
    );
  return (
    <Group gap="sm">
      <Text size="sm">
        Phone: <strong>{displayPhone(user.phone)}</strong>
      </Text>
      {user.phoneVerified ? (
        <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
          Verified
        </Badge>
      ) : (
        <>
          <Badge color="gray" variant="light">
            Not verified
          </Badge>
          <Button
            size="xs"
            variant="light"
            onClick={() => actor.send({ type: 'phone.open', phone: user.phone ?? '' })}
          >
            Verify
          </Button>
        </>
      )}
      <VerifyPhoneDialog actor={actor} />
    </Group>
  );
}

const CHANNEL_LABELS = { email: 'E-mail', sms: 'SMS' } as const;
const SMS_NOTE_ID = 'sms-needs-verified-phone';

/** One switch per kind and channel; SMS needs a verified phone (said beside each SMS switch). */
function SettingsForm({ initial, phoneVerified }: { initial: NotificationSettings; phoneVerified: boolean }) {
  const form = useForm({ logic: notificationSettingsForm, initialValues: initial });
  return (
    <ProfileForm
      label="Notification choices"
      error={form.formError}
      onSubmit={form.onSubmit}
      submit={{ label: 'Save choices', busy: form.submitting }}
    >
      {!phoneVerified && (
        <Text size="sm" c="dimmed" id={SMS_NOTE_ID}>
          {t('phone.smsNeedsVerifiedPhone')}
        </Text>
      )}
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">What</Table.Th>
              <Table.Th scope="col">In the app</Table.Th>
              <Table.Th scope="col">{CHANNEL_LABELS.email}</Table.Th>
              <Table.Th scope="col">{CHANNEL_LABELS.sms}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_KINDS.map((kind) => {
              const label = NOTIFICATION_KIND_LABELS[kind];
              return (
                <Table.Tr key={kind}>
                  <Table.Th scope="row" fw={500}>
                    {label}
                  </Table.Th>
                  <Table.Td>
                    <Switch checked disabled aria-label={`${label}: in the app (always on)`} />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${label}: ${CHANNEL_LABELS.email}`}
                      {...form.getInputProps(`${kind}.email`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${label}: ${CHANNEL_LABELS.sms}`}
                      aria-describedby={phoneVerified ? undefined : SMS_NOTE_ID}
                      {...form.getInputProps(`${kind}.sms`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ProfileForm>
  );
}

/** /profile-setting: what reaches the user by e-mail and SMS, and the phone SMS goes to. */
export function NotificationsSection({ user }: { user: User }) {
  const choices = useLoader(notificationChoicesLoader, { name: 'notification choices', inUrl: false });
  return (
    <Stack gap="sm" component="section" aria-labelledby="notifications-heading">
      <Title order={2} size="h4" id="notifications-heading">
        Notifications
      </Title>
      <Text size="sm" c="dimmed">
        Choose how we tell you about each kind of news. Account messages (sign-in links, codes) always go.
      </Text>
      <PhoneStatus user={user} />
      <ListStates list={choices}>
        {choices.data && <SettingsForm initial={choices.data.settings} phoneVerified={user.phoneVerified} />}
      </ListStates>
    </Stack>
  );
}
