import { Button, Card, Container, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconHelpCircle } from '@tabler/icons-react';
import { Link, useSearch } from 'wouter';
import { returnedTransactionLoader } from '@/machines/screens/commerce-screens';
import type { Transaction } from '@/services/schemas/transaction';
import { t } from '@/shared/messages';
import {
  transactionFailureReason,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from '@/shared/transactions';
import { useSession } from '../../app-actors-context';
import { selectSignedIn } from '../../session-selectors';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

type Outcome = 'paid' | 'pending' | 'review' | 'failed' | 'unknown';

const OUTCOME_OF: Record<TransactionStatus, Outcome> = {
  completed: 'paid',
  pending: 'pending',
  failed: 'failed',
  cancelled: 'failed',
  reversed: 'failed',
  needs_review: 'review',
  expired: 'failed',
};

const VIEW: Record<Outcome, { heading: string; color: string; icon: typeof IconCircleCheck }> = {
  paid: { heading: 'Payment complete', color: 'green', icon: IconCircleCheck },
  pending: { heading: 'Payment pending', color: 'yellow', icon: IconClockHour4 },
  review: { heading: 'Payment under review', color: 'yellow', icon: IconClockHour4 },
  failed: { heading: 'Payment failed', color: 'red', icon: IconCircleX },
  unknown: { heading: 'We could not confirm this payment', color: 'gray', icon: IconHelpCircle },
};

function queryStatus(value: string | null): TransactionStatus | null {
  return value && (TRANSACTION_STATUSES as readonly string[]).includes(value)
    ? (value as TransactionStatus)
    : null;
}

function message(outcome: Outcome, topUp: boolean, transaction: Transaction | null): string {
  const reason = transaction ? transactionFailureReason(transaction) : null;
  switch (outcome) {
    case 'paid':
      return reason ?? (topUp ? 'Your wallet top-up is complete.' : t('payment.paid'));
    case 'pending':
      return t('payment.pending');
    case 'review':
      return reason ?? t('payment.needsReview');
    case 'failed':
      return reason ?? t('payment.failMsg');
    case 'unknown':
      return 'If you paid, your order or wallet will update shortly. You can check your wallet for the transaction.';
  }
}

function ReturnCard({
  status,
  transaction,
  topUp,
  signedIn,
  onCheckAgain,
}: {
  status: TransactionStatus | null;
  transaction: Transaction | null;
  topUp: boolean;
  signedIn: boolean;
  onCheckAgain?: () => void;
}) {
  const outcome: Outcome = status ? OUTCOME_OF[status] : 'unknown';
  const view = VIEW[outcome];
  const Icon = view.icon;
  // Pesapal may load this page inside the checkout's frame; the app behind it follows the payment.
  const framed = typeof window !== 'undefined' && window.self !== window.top;
  return (
    <Card withBorder padding="xl" radius="md" maw={520} mx="auto">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color={view.color} variant="light">
          <Icon size={40} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2">
          {view.heading}
        </Title>
        <Text role={outcome === 'failed' ? 'alert' : 'status'}>{message(outcome, topUp, transaction)}</Text>
        {framed ? (
          <Text c="dimmed">{t('payment.pesapalReturn')}</Text>
        ) : (
          <Group justify="center">
            {signedIn ? (
              <>
                <Button component={Link} href={topUp ? '/wallet' : '/lessons/booking'}>
                  {topUp ? 'Open your wallet' : 'See your bookings'}
                </Button>
                <Button component={Link} href="/workspace" variant="default">
                  Go to your workspace
                </Button>
              </>
            ) : (
              <Button component={Link} href="/sign-in?redirect=%2Fworkspace">
                Sign in to your workspace
              </Button>
            )}
            {outcome === 'pending' && signedIn && transaction && onCheckAgain && (
              <Button variant="light" onClick={onCheckAgain}>
                Check again
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Asks the API for the transaction's state now; the query only says what it was at redirect time.
 * "Check again" asks once more (an event to the loader).
 */
function CheckedReturn({
  transactionId,
  fallback,
  topUp,
}: {
  transactionId: number;
  fallback: TransactionStatus | null;
  topUp: boolean;
}) {
  const { loading, data, refresh } = useLoader(returnedTransactionLoader, {
    name: 'payment',
    params: { id: transactionId },
    inUrl: false,
  });
  if (loading) {
    return (
      <Group justify="center" py="xl" role="status" aria-label="Checking your payment">
        <Loader />
      </Group>
    );
  }
  return (
    <ReturnCard
      status={data?.status ?? fallback}
      transaction={data}
      topUp={topUp || data?.type === 'topup'}
      signedIn
      onCheckAgain={refresh}
    />
  );
}

/**
 * `/payments/return`: where the browser lands after Pesapal's hosted page
 * (`/payments/return?payment=<status>&transaction=<id>&type=<payment|topup>`, docs/api.md).
 */
export default function PaymentReturnPage() {
  usePageTitle('Payment');
  const params = new URLSearchParams(useSearch());
  const signedIn = useSelector(useSession(), selectSignedIn);
  const status = queryStatus(params.get('payment'));
  const transactionId = Number(params.get('transaction'));
  const topUp = params.get('type') === 'topup';
  const known = Number.isInteger(transactionId) && transactionId > 0;

  return (
    <Container size="sm" py="xl">
      {signedIn && known ? (
        <CheckedReturn transactionId={transactionId} fallback={status} topUp={topUp} />
      ) : (
        <ReturnCard status={status} transaction={null} topUp={topUp} signedIn={signedIn} />
      )}
    </Container>
  );
}
