import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { emailProblem } from '@/shared/validation';

// The newsletter API (`POST /api/web/newsletter`) lands in a later issue. Until then the form only
// checks the address on the client and says plainly that sign-ups are not open yet, rather than
// pretending to subscribe someone.
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    setNotice(problem ? null : 'Thanks! Newsletter sign-ups open soon; we have not stored your address yet.');
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Newsletter">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="Newsletter e-mail"
          placeholder="you@example.com"
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1 }}
          size="sm"
        />
        <Button type="submit" size="sm" mt={25}>
          Subscribe
        </Button>
      </Group>
      {notice && (
        <Alert mt="xs" color="blue" variant="light" role="status">
          {notice}
        </Alert>
      )}
    </form>
  );
}
