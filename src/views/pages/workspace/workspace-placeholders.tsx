import { PlaceholderPage } from '../placeholder-page';

// Workspace screens of SPEC §2 that later issues build.
export const MyQuestionsPage = () => <PlaceholderPage title="Questions" description="Your questions and the answers they received." />;
export const AskQuestionPage = () => <PlaceholderPage title="Ask a question" description="Ask a question for teachers and other learners to answer." />;
export const QuestionShowPage = () => <PlaceholderPage title="Question" description="A question with its answers, likes and dislikes." />;
export const LessonBookingsPage = () => <PlaceholderPage title="Lesson bookings" description="All, upcoming and past lessons you have booked." />;
export const LessonClassPage = () => <PlaceholderPage title="Class lessons" description="The lessons of a class." />;
export const LessonShowPage = () => <PlaceholderPage title="Lesson" description="A lesson with its notes and assignments." />;
export const ClassesPage = () => <PlaceholderPage title="Classes" description="Your upcoming, ongoing, past and rejected classes." />;
export const ClassShowPage = () => <PlaceholderPage title="Class" description="A class with its lessons and learners." />;
export const TimetablePage = () => <PlaceholderPage title="Timetable" description="Your booked lessons laid out by day and week." />;
export const GradeLevelsPage = () => <PlaceholderPage title="Grade levels" description="Grade levels of each curriculum and their subjects." />;
export const GradeLevelShowPage = () => <PlaceholderPage title="Grade level" description="A grade level with its subjects and topics." />;
export const CurriculaPage = () => <PlaceholderPage title="Curricula" description="The curricula taught on Somesha, such as CBC and 8-4-4." />;
export const CurriculumShowPage = () => <PlaceholderPage title="Curriculum" description="A curriculum with its education levels and subjects." />;
export const SubjectsPage = () => <PlaceholderPage title="Subjects" description="Subjects and their topics." />;
export const SubjectShowPage = () => <PlaceholderPage title="Subject" description="A subject with its topics and lessons." />;
export const FindLessonsPage = () => <PlaceholderPage title="Find lessons" description="Search upcoming lessons by subject, grade, curriculum and date." />;
export const NotificationsPage = () => <PlaceholderPage title="Notifications" description="Everything that happened to your lessons, payments and questions." />;
