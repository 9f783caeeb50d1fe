import { Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../use-page-title';

function Legal({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container size="md" py="lg">
      <Stack gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

export function TermsPage() {
  return (
    <Legal title="Terms and Conditions">
      <Text>These terms apply when you use Somesha. By creating an account you accept them.</Text>
      <Title order={2} size="h4">Accounts</Title>
      <Text>Keep your password and wallet PIN to yourself. A parent is responsible for the accounts of the children they add.</Text>
      <Title order={2} size="h4">Lessons and payments</Title>
      <List spacing={4}>
        <List.Item>Prices are in Kenyan shillings (KES) and shown before you pay.</List.Item>
        <List.Item>A lesson is booked once it is paid from your wallet, by M-Pesa or by card.</List.Item>
        <List.Item>If a teacher cancels a paid lesson, the amount goes back to your Somesha wallet.</List.Item>
      </List>
      <Title order={2} size="h4">Teachers</Title>
      <Text>Teachers are reviewed before they can offer lessons. They must teach the lessons they publish and keep learners safe.</Text>
      <Title order={2} size="h4">Questions and answers</Title>
      <Text>Be respectful. We remove posts that are abusive, share personal data or copy exam papers.</Text>
      <Title order={2} size="h4">Contact</Title>
      <Text>Questions about these terms: hello@somesha.co.ke.</Text>
    </Legal>
  );
}

export function PrivacyPage() {
  return (
    <Legal title="Privacy Policy">
      <Text>We collect only what we need to run Somesha, and we do not sell your data.</Text>
      <Title order={2} size="h4">What we keep</Title>
      <List spacing={4}>
        <List.Item>Your name, e-mail, phone number and profile details you enter.</List.Item>
        <List.Item>Lessons you book, questions you ask and payments you make.</List.Item>
        <List.Item>A session cookie that keeps you signed in, and your cart.</List.Item>
      </List>
      <Title order={2} size="h4">Who sees it</Title>
      <Text>
        Teachers see the names of learners in their lessons. Payment providers (M-Pesa, Pesapal) receive what a payment needs.
        Teachers' ID and TSC numbers, e-mail and phone are never shown publicly.
      </Text>
      <Title order={2} size="h4">Your rights</Title>
      <Text>
        Under Kenya's Data Protection Act, 2019 you may ask for a copy of your data, correct it, or have your account deleted:
        write to privacy@somesha.co.ke.
      </Text>
    </Legal>
  );
}
