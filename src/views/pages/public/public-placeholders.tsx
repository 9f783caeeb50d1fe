import { Container } from '@mantine/core';
import { PlaceholderPage } from '../placeholder-page';

// Public screens of SPEC §2 that later issues fill with real data.
function Public({ title, description }: { title: string; description: string }) {
  return (
    <Container size="lg" py="lg">
      <PlaceholderPage title={title} description={description} />
    </Container>
  );
}

export const ClassesPage = () => <Public title="Classes" description="Browse upcoming classes by curriculum, grade level and subject." />;
export const QuestionsPage = () => <Public title="Questions" description="Questions asked by learners, with answers from teachers." />;
export const TeachersPage = () => <Public title="Teachers" description="Meet the qualified teachers who teach on Somesha." />;
export const SearchPage = () => <Public title="Search" description="Search lessons, classes, subjects and teachers." />;
export const AboutPage = () => (
  <Public title="About" description="Somesha (Swahili for “teach”) is an online learning marketplace connecting Kenyan learners with qualified teachers." />
);
export const LessonViewPage = () => <Public title="Lesson" description="Details of a lesson: topic, teacher, time and price." />;
export const LessonShowPage = () => <Public title="Lesson" description="Details of a lesson: topic, teacher, time and price." />;
