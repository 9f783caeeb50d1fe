import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogue, useCatalogueApi } from '../../msw/catalogue-handlers';
import { renderPage } from '../../render';

useCatalogueApi();

describe('home page', () => {
  it('shows the hero at once and a loader for the sections while they load', async () => {
    catalogue.set('home', 'hang');
    const app = renderPage('/');
    await app.landsOn('/');
    expect(
      screen.getByRole('heading', { level: 1, name: "Learn from Kenya's best teachers, online" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/sign-up');
  });

  it('shows featured classes, lessons, subjects, teachers, recent questions, plans and a call to sign up', async () => {
    const app = renderPage('/');
    await app.landsOn('/');
    const classes = await screen.findByRole('region', { name: 'Featured classes' });
    expect(within(classes).getAllByRole('article')).toHaveLength(3);
    const lessons = screen.getByRole('region', { name: 'Upcoming lessons' });
    expect(within(lessons).getByRole('link', { name: 'Linear equations' })).toHaveAttribute(
      'href',
      '/lessons/view/LSN-7K2Q9',
    );
    // 14:00 UTC in the test's time zone, 12-hour clock.
    const start = new Date('2026-12-01T14:00:00.000Z');
    const clock = (d: Date) =>
      d
        .toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', hour12: true })
        .replace(/\u202f/g, ' ');
    expect(
      within(lessons).getByText(
        `Dec 1, 2026, ${clock(start)} – ${clock(new Date('2026-12-01T15:00:00.000Z'))}`,
      ),
    ).toBeInTheDocument();
    const subjects = screen.getByRole('region', { name: 'Subjects' });
    expect(within(subjects).getByRole('link', { name: 'Mathematics' })).toHaveAttribute(
      'href',
      '/classes?subject=mathematics',
    );
    const teachers = screen.getByRole('region', { name: 'Our teachers' });
    expect(within(teachers).getByRole('link', { name: 'Grace Mwangi' })).toHaveAttribute(
      'href',
      '/teachers/3/grace-mwangi',
    );
    const questions = screen.getByRole('region', { name: 'Recent questions' });
    expect(within(questions).getByRole('link', { name: 'How do I factorise x² + 5x + 6?' })).toHaveAttribute(
      'href',
      '/questions/show/31',
    );
    const plans = screen.getByRole('region', { name: 'Plans' });
    expect(within(plans).getByText('KES 500')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ready to learn?' })).toBeInTheDocument();
  });

  it('says what is missing when the catalogue is empty', async () => {
    catalogue.set('home', 'empty');
    const app = renderPage('/');
    await app.landsOn('/');
    expect(await screen.findByText('No classes available.')).toBeInTheDocument();
    expect(screen.getByText('No teachers available.')).toBeInTheDocument();
    expect(screen.getByText('No subjects available.')).toBeInTheDocument();
    expect(screen.getByText('No questions available.')).toBeInTheDocument();
    expect(screen.getByText('No plans available.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upcoming lessons' })).not.toBeInTheDocument();
  });

  it('says the home content failed to load', async () => {
    catalogue.set('home', 'error');
    const app = renderPage('/');
    await app.landsOn('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading classes and teachers.');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
