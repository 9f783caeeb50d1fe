import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { catalogue, useCatalogueApi } from '../../msw/catalogue-handlers';
import { renderPage, signedInAs } from '../../render';

useCatalogueApi();

async function openAsStudent(path: string) {
  signedInAs('student@example.com');
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

const titles = () =>
  screen.getAllByRole('article').map((card) => within(card).getAllByRole('heading')[0]?.textContent);

describe('my questions', () => {
  it('lists the signed-in user’s own questions with all / answered / unanswered in the URL', async () => {
    const app = await openAsStudent('/questions');
    expect(screen.getByRole('heading', { level: 1, name: 'My questions' })).toBeInTheDocument();
    await waitFor(() => expect(titles()).toHaveLength(2));
    expect(catalogue.queries.find((q) => q.endpoint === 'myQuestions')?.query).toEqual({ mine: '1' });
    await app.user.click(screen.getByRole('radio', { name: 'Answered' }));
    await waitFor(() => expect(app.currentPath()).toBe('/questions?filter=answered'));
    await waitFor(() => expect(titles()).toEqual(['How do I factorise x² + 5x + 6?']));
  });

  it('shows the loading, empty and error states', async () => {
    catalogue.set('myQuestions', 'hang');
    const waiting = await openAsStudent('/questions');
    expect(await screen.findByRole('status', { name: 'Loading questions' })).toBeInTheDocument();
    waiting.unmount();
    catalogue.set('myQuestions', 'empty');
    const empty = await openAsStudent('/questions');
    expect(await screen.findByText('No questions available.')).toBeInTheDocument();
    empty.unmount();
    catalogue.set('myQuestions', 'error');
    await openAsStudent('/questions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading questions.');
  });
});

describe('asking a question', () => {
  it('says what is wrong with invalid input and sends nothing', async () => {
    const app = await openAsStudent('/questions/ask');
    await screen.findByRole('option', { name: 'Mathematics' });
    await app.user.type(screen.getByRole('textbox', { name: 'Title' }), 'Help');
    await app.user.type(screen.getByRole('textbox', { name: 'Your question' }), 'short');
    await app.user.click(screen.getByRole('button', { name: 'Post question' }));

    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveAccessibleDescription(
      t('validation.required'),
    );
    expect(screen.getByRole('combobox', { name: 'Grade level' })).toHaveAccessibleDescription(
      t('validation.required'),
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      expect.stringContaining(t('validation.minLength', { min: 10 })),
    );
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveAccessibleDescription(
      expect.stringContaining(t('validation.minLength', { min: 20 })),
    );
    expect(catalogue.posted).toEqual([]);
  });

  it('shows the server’s field errors on their fields', async () => {
    catalogue.set('ask', 'error');
    const app = await openAsStudent('/questions/ask');
    await screen.findByRole('option', { name: 'Mathematics' });
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'Mathematics');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Grade level' }), 'Grade 7 (CBC)');
    await app.user.type(screen.getByRole('textbox', { name: 'Title' }), 'How do I factorise?');
    await app.user.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      'I keep getting the signs wrong.',
    );
    await app.user.click(screen.getByRole('button', { name: 'Post question' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
        expect.stringContaining('A question with this title already exists.'),
      ),
    );
  });

  it('posts a valid question and opens it', async () => {
    const app = await openAsStudent('/questions/ask');
    await screen.findByRole('option', { name: 'Mathematics' });
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'Mathematics');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Grade level' }), 'Grade 7 (CBC)');
    await app.user.type(screen.getByRole('textbox', { name: 'Title' }), '  How do I factorise?  ');
    await app.user.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      'I keep getting the signs wrong.',
    );
    await app.user.click(screen.getByRole('button', { name: 'Post question' }));
    await waitFor(() => expect(app.currentPath()).toBe('/questions/show/77'));
    expect(catalogue.posted).toEqual([
      {
        subject_id: 1,
        grade_level_id: 121,
        title: 'How do I factorise?',
        body: 'I keep getting the signs wrong.',
      },
    ]);
    expect(await screen.findByText(t('question.created'))).toBeInTheDocument();
  });
});

describe('a question with its answers', () => {
  it('shows the question as plain text, its answers with counts, and toggles likes and dislikes', async () => {
    const app = await openAsStudent('/questions/show/31');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How do I factorise x² + 5x + 6?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/<script>alert\("x"\)<\/script>/)).toBeInTheDocument();
    expect(document.querySelector('main script, article script')).toBeNull();

    const answer = await screen.findByRole('article', { name: 'Answer by Grace Mwangi' });
    const like = within(answer).getByRole('button', { name: 'Like' });
    const dislike = within(answer).getByRole('button', { name: 'Dislike' });
    expect(within(answer).getByLabelText('4 likes')).toBeInTheDocument();
    expect(like).toHaveAttribute('aria-pressed', 'false');

    await app.user.click(like);
    expect(await within(answer).findByLabelText('5 likes')).toBeInTheDocument();
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(t('vote.likeAdded'))).toBeInTheDocument();

    // Switching to dislike moves the one vote.
    await app.user.click(dislike);
    expect(await within(answer).findByLabelText('2 dislikes')).toBeInTheDocument();
    expect(within(answer).getByLabelText('4 likes')).toBeInTheDocument();
    expect(dislike).toHaveAttribute('aria-pressed', 'true');

    // The same vote again takes it back.
    await app.user.click(dislike);
    expect(await within(answer).findByLabelText('1 dislikes')).toBeInTheDocument();
    expect(dislike).toHaveAttribute('aria-pressed', 'false');
  });

  it('says when a vote failed and keeps the counts', async () => {
    catalogue.set('vote', 'error');
    const app = await openAsStudent('/questions/show/31');
    const answer = await screen.findByRole('article', { name: 'Answer by Grace Mwangi' });
    await app.user.click(within(answer).getByRole('button', { name: 'Like' }));
    expect(await within(answer).findByRole('alert')).toHaveTextContent(t('messages.general'));
    expect(within(answer).getByLabelText('4 likes')).toBeInTheDocument();
  });

  it('checks an answer, posts it and shows it in the list', async () => {
    const app = await openAsStudent('/questions/show/32');
    expect(await screen.findByText('No answers available.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Post answer' }));
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveAccessibleDescription(
      t('validation.required'),
    );

    await app.user.type(
      screen.getByRole('textbox', { name: 'Your answer' }),
      'Water molecules pull the ions apart.',
    );
    await app.user.click(screen.getByRole('button', { name: 'Post answer' }));
    expect(await screen.findByText('Water molecules pull the ions apart.')).toBeInTheDocument();
    expect(await screen.findByText(t('answer.posted'))).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('');
  });

  it('shows the loading and error states of the answers', async () => {
    catalogue.set('answers', 'hang');
    const waiting = await openAsStudent('/questions/show/31');
    expect(await screen.findByRole('status', { name: 'Loading answers' })).toBeInTheDocument();
    waiting.unmount();
    catalogue.set('answers', 'error');
    await openAsStudent('/questions/show/31');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading answers.');
  });
});
