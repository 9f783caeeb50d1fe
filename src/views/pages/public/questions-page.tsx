import { Button, Container } from '@mantine/core';
import { Link } from 'wouter';
import { publicQuestionsLoader } from '@/machines/screens/questions-screens';
import { usePageTitle } from '../../use-page-title';
import { QuestionList } from '../questions/question-list';

/** `/questions` for a visitor: everyone's questions. */
export default function QuestionsPage() {
  usePageTitle('Questions');
  return (
    <Container size="md" py="lg">
      <QuestionList
        title="Questions"
        loader={publicQuestionsLoader}
        action={
          <Button component={Link} href="/sign-in?redirect=%2Fquestions%2Fask" variant="default">
            Sign in to ask
          </Button>
        }
      />
    </Container>
  );
}
