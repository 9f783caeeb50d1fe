import { Accordion, Container, Stack, Text, Title } from '@mantine/core';
import { faqsLoader } from '@/machines/screens/catalogue-screens';
import { ListStates } from '../../components/lists/list-states';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

export default function FaqsPage() {
  usePageTitle('FAQs');
  const list = useLoader(faqsLoader, { name: 'FAQs', inUrl: false });
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
