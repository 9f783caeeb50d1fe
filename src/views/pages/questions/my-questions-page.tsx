import { Button } from '@mantine/core';
import { Link } from 'wouter';
import { myQuestionsLoader } from '@/machines/screens/questions-screens';
import { usePageTitle } from '../../use-page-title';
import { QuestionList } from './question-list';

/** `/questions` for a signed-in user: their own questions. */
export default function MyQuestionsPage() {
  usePageTitle('My questions');
  return (
    <QuestionList
      title="My questions"
      loader={myQuestionsLoader}
      action={
        <Button component={Link} href="/questions/ask" color="blue.9">
          Ask a question
        </Button>
      }
    />
  );
}
