// `/teachers/:id/:slug?` (issue 25, docs/reviews-messages.md "Teacher profile pages"): a public
// landing page, rendered on the server from the profile its HTML carries and hydrated here. The
// teacher, their rating and reviews, their upcoming lessons and classes to buy, and Message.
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import {
  initialTeacherProfile,
  teacherProfileLoader,
  teacherReviewsLoader,
} from '@/machines/screens/teacher-profile-screens';
import type { Rating, Review, TeacherProfile } from '@/services/schemas/teacher-profile';
import type { User } from '@/services/schemas/user';
import type { Lesson, LessonClass } from '@/services/schemas/web';
import { formatDate } from '@/shared/format';
import { t } from '@/shared/messages';
import { isFull } from '@/shared/teaching';
import { CenteredLoader } from '../../components/centered-loader';
import { ClassCard, LessonCard, personName } from '../../components/lists/cards';
import { RatingLine, starsText } from '../../components/lists/rating';
import { useDisplayTimeZone, useHydrated, useNow } from '../../hydration';
import { useSession } from '../../app-actors-context';
import { selectUser } from '../../session-selectors';
import { useRouteParams } from '../../route-params';
import { useAddToCart } from '../../use-add-to-cart';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import NotFoundPage from './not-found-page';

// What a signed-in reader can do with reviews loads only for them, after the page has hydrated: a
// visitor's landing page carries none of it (its JavaScript budget).
const ReviewComposer = lazy(() =>
  import('../../components/reviews/review-composer').then((module) => ({ default: module.ReviewComposer })),
);
const ReportReviewButton = lazy(() =>
  import('../../components/reviews/report-review-button').then((module) => ({
    default: module.ReportReviewButton,
  })),
);

/** The signed-in reader once the page has hydrated (the server renders a visitor's page), else null. */
function useReader(): User | null {
  const user = useSelector(useSession(), selectUser);
  return useHydrated() ? user : null;
}

const YEAR_MS = 365.25 * 86_400_000;

const reviewCount = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/** "On Somesha for 3 years" from the joining date (whole years). */
function yearsOnSomesha(joinedAt: string | null, now: number): string | null {
  if (!joinedAt) return null;
  const years = Math.floor((now - new Date(joinedAt).getTime()) / YEAR_MS);
  if (!Number.isFinite(years)) return null;
  if (years < 1) return 'Joined Somesha this year';
  return years === 1 ? 'On Somesha for a year' : `On Somesha for ${years} years`;
}

function initials(teacher: TeacherProfile): string {
  return `${teacher.firstName.charAt(0)}${teacher.lastName.charAt(0)}`.toUpperCase();
}

function AddToCart({
  item,
  disabled,
  reason,
}: {
  item: { kind: 'lesson' | 'class'; id: number };
  disabled: boolean;
  reason?: string;
}) {
  // The cart machine adds it, says so and opens the drawer; the button shows its own progress and error.
  const { add, adding, error } = useAddToCart(item);
  return (
    <Stack gap={4}>
      <Button size="sm" color="blue.9" onClick={add} loading={adding} disabled={disabled}>
        Add to cart
      </Button>
      {disabled && reason && (
        <Text size="sm" c="gray.7">
          {reason}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function LessonToBuy({ lesson }: { lesson: Lesson }) {
  return (
    <Stack gap={6}>
      <LessonCard lesson={lesson} headingLevel={3} />
      <AddToCart
        item={{ kind: 'lesson', id: lesson.id }}
        disabled={!lesson.bookable}
        reason={isFull(lesson.seatsLeft) ? t('cart.noSeatsLeft') : t('cart.lessonUnavailable')}
      />
    </Stack>
  );
}

function ClassToBuy({ lessonClass }: { lessonClass: LessonClass }) {
  return (
    <Stack gap={6}>
      <ClassCard lessonClass={lessonClass} headingLevel={3} />
      <AddToCart item={{ kind: 'class', id: lessonClass.id }} disabled={!lessonClass.nextLesson} />
    </Stack>
  );
}

/** The count of each star, as bars. */
function Distribution({ rating }: { rating: Rating }) {
  const rows = ([5, 4, 3, 2, 1] as const).map((stars) => ({ stars, count: rating.distribution[stars] }));
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reviews by stars">
      {rows.map(({ stars, count }) => (
        <Group key={stars} component="li" gap="xs" wrap="nowrap">
          <Text size="sm" w={60}>
            {stars === 1 ? '1 star' : `${stars} stars`}
          </Text>
          <Box
            aria-hidden="true"
            style={{ flex: 1, height: 8, borderRadius: 4, background: 'var(--mantine-color-gray-2)' }}
          >
            <Box
              style={{
                width: `${rating.count ? Math.round((count / rating.count) * 100) : 0}%`,
                height: '100%',
                borderRadius: 4,
                background: 'var(--mantine-color-orange-7)',
              }}
            />
          </Box>
          <Text size="sm" w={28} ta="right">
            {count}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function ReviewItem({ review, teacherName }: { review: Review; teacherName: string }) {
  const timeZone = useDisplayTimeZone();
  const reader = useReader();
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Text fw={700} size="sm">
              {review.author.name}
              {review.byParent && (
                <Text span size="sm" c="gray.7" fw={400}>
                  {` (${'by a parent'})`}
                </Text>
              )}
            </Text>
            <Text size="xs" c="gray.7">
              {review.createdAt ? formatDate(review.createdAt, timeZone) : ''}
              {review.edited ? ` · ${'edited'}` : ''}
            </Text>
          </Stack>
          <Text c="orange.9" role="img" aria-label={`${review.stars} out of 5 stars`}>
            {starsText(review.stars)}
          </Text>
        </Group>
        {review.text && <Text style={{ whiteSpace: 'pre-line' }}>{review.text}</Text>}
        {review.reply && (
          <Box pl="md" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm" fw={600}>
              {`Reply from ${teacherName}`}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {review.reply.text}
            </Text>
          </Box>
        )}
        {reader && (
          <Suspense fallback={null}>
            <Group justify="flex-end">
              <ReportReviewButton reviewId={review.id} />
            </Group>
          </Suspense>
        )}
      </Stack>
    </Card>
  );
}

/** A learner's or a parent's own review of this teacher (or why they may not write one yet). */
function ComposerSlot({ teacher }: { teacher: TeacherProfile }) {
  const reader = useReader();
  if (!reader || (reader.mainRole !== 'student' && reader.mainRole !== 'parent')) return null;
  return (
    <Suspense fallback={null}>
      <ReviewComposer teacherId={teacher.id} />
    </Suspense>
  );
}

function Reviews({ teacher }: { teacher: TeacherProfile }) {
  const id = String(teacher.id);
  const reviews = useLoader(teacherReviewsLoader, {
    name: 'reviews',
    params: { id },
    inUrl: false,
    // The first page came with the profile.
    initial: () =>
      teacher.reviews.meta
        ? { kind: 'list', items: teacher.reviews.data, meta: teacher.reviews.meta }
        : undefined,
  });
  const items = reviews.items.length ? reviews.items : teacher.reviews.data;
  const page = reviews.meta?.currentPage ?? 1;
  const more = (reviews.meta?.lastPage ?? 1) > page;
  const name = personName(teacher);
  return (
    <Stack gap="sm" component="section" aria-labelledby="profile-reviews">
      <Title order={2} size="h4" id="profile-reviews">
        Reviews
      </Title>
      {teacher.rating.count > 0 && teacher.rating.score !== null ? (
        <Group align="flex-start" gap="xl">
          <Stack gap={2}>
            <Text fz={36} fw={800} lh={1}>
              {teacher.rating.score.toFixed(1)}
            </Text>
            <RatingLine rating={teacher.rating} size="md" />
            <Text size="sm" c="gray.7">
              Average of the stars given: {(teacher.rating.mean ?? 0).toFixed(2)} ·{' '}
              {reviewCount(teacher.rating.count)}
            </Text>
          </Stack>
          <Box style={{ flex: 1, minWidth: 200, maxWidth: 360 }}>
            <Distribution rating={teacher.rating} />
          </Box>
        </Group>
      ) : (
        <Text c="gray.7">No reviews yet.</Text>
      )}
      {teacher.rating.count > 0 && (
        <Text size="xs" c="gray.7">
          {
            'The rating weighs the reviews against the average of all teachers, so a few reviews count for less than many.'
          }
        </Text>
      )}
      <ComposerSlot teacher={teacher} />
      {items.map((review) => (
        <ReviewItem key={review.id} review={review} teacherName={name} />
      ))}
      {reviews.error && (
        <Alert color="red" variant="light" role="alert">
          {reviews.error}
        </Alert>
      )}
      {(more || reviews.state === 'reloading') && (
        <Group>
          <Button
            variant="default"
            loading={reviews.state === 'reloading'}
            onClick={() => reviews.setPage(page + 1)}
          >
            {'More reviews'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Profile({ teacher }: { teacher: TeacherProfile }) {
  const reader = useReader();
  const name = personName(teacher);
  const since = yearsOnSomesha(teacher.joinedAt, useNow());
  return (
    <Container size="lg" py="lg">
      <Stack gap="xl">
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <Avatar src={teacher.photoUrl} alt="" size={96} radius="xl" color="blue">
            {initials(teacher)}
          </Avatar>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              {name}
            </Title>
            <Text c="gray.7">
              {[teacher.qualificationLevel, teacher.currentWorkplace].filter(Boolean).join(' · ')}
            </Text>
            <RatingLine rating={teacher.rating} size="md" />
            {since && (
              <Text size="sm" c="gray.7">
                {since}
              </Text>
            )}
            {/* A teacher reading their own profile has no one to write to (the server refuses it too). */}
            {teacher.userId !== null && reader?.id !== teacher.userId && (
              <Group>
                {/* Signed-out visitors are asked to sign in first by the route guard of /messages. */}
                <Button
                  component={Link}
                  href={`/messages?to=${teacher.userId}`}
                  variant="outline"
                  color="blue.9"
                >
                  {'Message'}
                </Button>
              </Group>
            )}
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm" component="section" aria-labelledby="profile-about">
            <Title order={2} size="h4" id="profile-about">
              About
            </Title>
            {teacher.biography && <Text style={{ whiteSpace: 'pre-line' }}>{teacher.biography}</Text>}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="profile-teaches">
            <Title order={2} size="h4" id="profile-teaches">
              Teaches
            </Title>
            {teacher.subjects.length > 0 && (
              <Group gap={6} aria-label="Subjects">
                {teacher.subjects.map((subject) => (
                  <Badge key={subject.id} variant="filled" color="gray.8">
                    {subject.name}
                  </Badge>
                ))}
              </Group>
            )}
            {teacher.levels.length > 0 && (
              <Group gap={6} aria-label="Levels">
                {teacher.levels.map((level) => (
                  <Badge key={level.id} variant="outline" color="gray.8">
                    {level.eduLevel?.curriculum?.acronym ? `${level.eduLevel.curriculum.acronym} ` : ''}
                    {level.name}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        </SimpleGrid>

        <Stack gap="sm" component="section" aria-labelledby="profile-lessons">
          <Title order={2} size="h4" id="profile-lessons">
            Upcoming lessons
          </Title>
          {teacher.upcomingLessons.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {teacher.upcomingLessons.map((lesson) => (
                <LessonToBuy key={lesson.id} lesson={lesson} />
              ))}
            </SimpleGrid>
          ) : (
            <Text c="gray.7">{'No upcoming lessons right now.'}</Text>
          )}
        </Stack>

        {teacher.classes.length > 0 && (
          <Stack gap="sm" component="section" aria-labelledby="profile-classes">
            <Title order={2} size="h4" id="profile-classes">
              Classes
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {teacher.classes.map((c) => (
                <ClassToBuy key={c.id} lessonClass={c} />
              ))}
            </SimpleGrid>
          </Stack>
        )}

        <Reviews teacher={teacher} />
      </Stack>
    </Container>
  );
}

/** The profile of the teacher with this id (also what `/teachers?teacher=ID`, the old address, shows). */
export function TeacherProfileView({ id }: { id: string }) {
  const profile = useLoader(teacherProfileLoader, {
    name: 'this teacher',
    params: { id },
    inUrl: false,
    initial: () => initialTeacherProfile(id),
  });
  const found = profile.data?.found ? profile.data.teacher : null;
  usePageTitle(found ? personName(found) : 'Teacher');
  if (profile.loading) return <CenteredLoader label="Loading teacher" />;
  // Not an approved teacher (the server answers the page itself with 404).
  if (profile.data && !profile.data.found) return <NotFoundPage />;
  if (!found) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" role="alert" title={profile.error ?? undefined}>
          <Group gap="sm" mt={4}>
            <Button size="xs" variant="white" color="red" onClick={profile.retry}>
              Try again
            </Button>
            <Anchor component={Link} href="/teachers" size="sm" c="red.9">
              Browse teachers
            </Anchor>
          </Group>
        </Alert>
      </Container>
    );
  }
  return <Profile teacher={found} />;
}

export default function TeacherProfilePage() {
  const params = useRouteParams();
  const id = params.id ?? '';
  return <TeacherProfileView key={id} id={id} />;
}
