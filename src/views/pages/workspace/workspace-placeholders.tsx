import { PlaceholderPage } from '../placeholder-page';

// Workspace screens of SPEC §2 that later issues build.
export const MyQuestionsPage = () => <PlaceholderPage title="Questions" description="Your questions and the answers they received." />;
export const AskQuestionPage = () => <PlaceholderPage title="Ask a question" description="Ask a question for teachers and other learners to answer." />;
export const QuestionShowPage = () => <PlaceholderPage title="Question" description="A question with its answers, likes and dislikes." />;
export const GradeLevelsPage = () => <PlaceholderPage title="Grade levels" description="Grade levels of each curriculum and their subjects." />;
export const GradeLevelShowPage = () => <PlaceholderPage title="Grade level" description="A grade level with its subjects and topics." />;
export const CurriculaPage = () => <PlaceholderPage title="Curricula" description="The curricula taught on Somesha, such as CBC and 8-4-4." />;
export const CurriculumShowPage = () => <PlaceholderPage title="Curriculum" description="A curriculum with its education levels and subjects." />;
export const SubjectsPage = () => <PlaceholderPage title="Subjects" description="Subjects and their topics." />;
export const SubjectShowPage = () => <PlaceholderPage title="Subject" description="A subject with its topics and lessons." />;
