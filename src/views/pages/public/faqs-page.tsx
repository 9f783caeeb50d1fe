import { Accordion, Container, Stack, Text, Title } from '@mantine/core';
import { fetchFaqs } from '@/services/faq-service';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { usePageTitle } from '../../use-page-title';

export default function FaqsPage() {
  usePageTitle('FAQs');
  const list = useList({ name: 'FAQs', fetchPage: () => fetchFaqs(), inUrl: false });
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Frequently asked questions
        </Title>
        <ListStates list={list}>
          <Accordion variant="separated">
            {list.items.map((faq) => (
              <Accordion.Item key={faq.id} value={String(faq.id)}>
                <Accordion.Control>{faq.question}</Accordion.Control>
                <Accordion.Panel>
                  {/* Plain text with blank-line paragraphs; never parsed as HTML. */}
                  <Text style={{ whiteSpace: 'pre-line' }}>{faq.answer}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </ListStates>
      </Stack>
    </Container>
  );
}
