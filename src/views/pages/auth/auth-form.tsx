import { Alert, Anchor, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { FieldErrors } from '@/shared/validation';
import { useSession } from '../../app-actors-context';
import { selectFieldErrors, selectFormError, selectNotice } from '../../session-selectors';
import { toFormErrors, useServerErrors } from '../../use-form';

type Options<V> = {
  initialValues: V;
  /** The checks the API makes (src/shared/validation.ts), run before the session machine sends. */
  validate: (values: V) => FieldErrors;
  /** Clear the session's form errors and notice on the way in (a notice may follow the user to sign-in). */
  resetOnOpen?: boolean;
};

/**
 * An auth form: its fields and the shared checks in @mantine/form, its round trip in the session
 * machine, whose 422 lands on the fields. `alertError` is the form-level error no field shows.
 */
export function useSessionForm<V extends Record<string, unknown>>({
  initialValues,
  validate,
  resetOnOpen = true,
}: Options<V>) {
  const session = useSession();
  const serverErrors = useSelector(session, selectFieldErrors);
  const formError = useSelector(session, selectFormError);
  const notice = useSelector(session, selectNotice);
  const form: UseFormReturnType<V> = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: (values) => toFormErrors(validate(values)),
  });
  useServerErrors(form, serverErrors);

  useEffect(() => {
    if (resetOnOpen) session.send({ type: 'form.reset' });
  }, [session, resetOnOpen]);

  // A 422's message repeats its first field's; the alert is for what no field shows.
  const alertError = formError && Object.keys(serverErrors).length === 0 ? formError : null;
  return { session, form, serverErrors, formError, alertError, notice };
}

type NoticesProps = {
  notice: string | null;
  error: string | null;
  /** A link after the notice or the error (what to do next). */
  noticeLink?: ReactNode;
  errorLink?: ReactNode;
};

/** The session's success notice and the form-level error, above an auth form. */
export function SessionNotices({ notice, error, noticeLink, errorLink }: NoticesProps) {
  return (
    <>
      {notice && (
        <Alert color="green" role="status">
          {notice} {noticeLink}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error} {errorLink}
        </Alert>
      )}
    </>
  );
}

/** An auth page's heading and the line under it. */
export function AuthHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {intro}
      </Text>
    </div>
  );
}

/** The line under an auth form that leads to the other one ("New to Somesha? Create an account"). */
export function AuthFooter({ question, href, link }: { question: string; href: string; link: string }) {
  return (
    <Text size="sm" ta="center">
      {question}{' '}
      <Anchor component={Link} href={href}>
        {link}
      </Anchor>
    </Text>
  );
}
