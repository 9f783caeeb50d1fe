// `/lessons/show/:code` for the lesson's own teacher: status (and the reviewer's comment), time, price,
// the learners booked, notes and assignments with their files, Edit while allowed, and Cancel with a
// confirmation that ends with the server's refund summary. Anyone else gets the learner view.
import { Alert, Anchor, Box, Button, Group, List, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { teacherWindow } from '@/machines/classroom-machine';
import { selectLessonCancel } from '@/machines/lesson-cancel-machine';
import { lessonCancelScreen, TEACHER_LESSON, teacherLessonLoader } from '@/machines/screens/lessons-screens';
import type { TeacherLessonDetail } from '@/services/schemas/teaching-materials';
import { formatDate, formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { REMARK_MAX } from '@/shared/teaching';
import { CenteredLoader } from '../../components/centered-loader';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { useScreenActor } from '../../use-screen-actor';
import {
  LessonLayout,
  LessonLoadError,
  lessonTitle,
  lessonWhenRows,
} from '../../components/lesson/lesson-detail';
import { CELL, HEADER_CELL, TABLE } from '../../components/lesson/details-table';
import { JoinPanel } from '../lessons/join-panel';
import { LessonAttendance } from './lesson-attendance';
import { LessonMeetingLink } from './meeting-link-form';
import { TeacherMaterials } from './teacher-lesson-materials';
import { TeacherLessonStatusBadge } from './teacher-status-badges';

/** SPEC §4: the review outcome in its words, the reviewer's comment with a rejection. */
function ReviewNote({ lesson }: { lesson: TeacherLessonDetail }) {
  if (lesson.status === 'cancelled') {
    return (
      <Alert
        color="gray"
        variant="light"
        title={`Cancelled${lesson.cancelledAt ? ` on ${formatDate(lesson.cancelledAt)}` : ''}`}
      >
        {lesson.cancellationReason ? `Reason: ${lesson.cancellationReason}` : 'No reason given.'}
      </Alert>
    );
  }
  if (lesson.status === 'rejected') {
    return (
      <Alert color="red" variant="light" title={t('lesson.rejected')}>
        {lesson.rejectionComment}
      </Alert>
    );
  }
  if (lesson.status === 'approved') {
    return (
      <Text size="sm" c="teal.9" fw={600}>
        {t('lesson.approved')}
      </Text>
    );
  }
  return (
    <Text size="sm" c="gray.7">
      Waiting for an administrator to approve it.
    </Text>
  );
}

function Learners({ lesson }: { lesson: TeacherLessonDetail }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="teacher-lesson-learners">
      <Title order={2} size="h4" id="teacher-lesson-learners">
        Learners
      </Title>
      {lesson.learners.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('teaching.noLearners')}
        </Text>
      ) : (
        // A table wider than a phone scrolls; its viewport takes keyboard focus (axe scrollable-region-focusable).
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Learners booked">
          <table style={{ ...TABLE, minWidth: 620 }}>
            <thead>
              <tr>
                <th scope="col" style={HEADER_CELL}>
                  Learner
                </th>
                <th scope="col" style={HEADER_CELL}>
                  Booked by
                </th>
                <th scope="col" style={HEADER_CELL}>
                  Paid
                </th>
                <th scope="col" style={HEADER_CELL}>
                  {t('planpay.takingsHeader')}
                </th>
                <th scope="col" style={HEADER_CELL}>
                  Refunded
                </th>
              </tr>
            </thead>
            <tbody>
              {lesson.learners.map((learner) => (
                <tr key={learner.bookingId}>
                  <td style={CELL}>{learner.studentName}</td>
                  <td style={CELL}>{learner.bookedBy ?? '—'}</td>
                  <td style={CELL}>
                    {learner.paid ? formatKes(learner.paid) : 'Free'}
                    {learner.plan
                      ? ` · ${t(learner.plan === 'covered' ? 'planpay.covered' : 'planpay.discounted')}`
                      : ''}
                  </td>
                  <td style={CELL}>{learner.takings ? formatKes(learner.takings) : '—'}</td>
                  <td style={CELL}>{learner.refunded ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
      {lesson.learners.length > 0 && (
        <Text size="xs" c="gray.7">
          {t('planpay.takingsHint')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The persistent confirmation (SPEC §2), then the server's message and who got their money back; the
 * dialog's machine asks the page's loader to load the lesson again (src/machines/screens).
 */
function CancelLesson({ lesson }: { lesson: TeacherLessonDetail }) {
  const actor = useScreenActor(lessonCancelScreen, { input: { lessonId: lesson.id } });
  const view = useSelector(actor, selectLessonCancel, shallowEqual);
  const close = () => actor.send({ type: 'cancel.close' });
  return (
    <>
      {lesson.canCancel && !view.cancelled && (
        <Button color="red.9" variant="outline" onClick={() => actor.send({ type: 'cancel.open' })}>
          Cancel lesson
        </Button>
      )}
      <Modal
        opened={view.open}
        onClose={close}
        size={500}
        centered
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        title={view.cancelled ? t('teaching.cancelledHeading') : 'Cancel lesson'}
        styles={{ title: { fontWeight: 700 } }}
      >
        {view.cancelled ? (
          <Stack gap="sm">
            <Box role="status">
              <Text size="sm" fw={600}>
                {view.message}
              </Text>
              <List size="sm" mt={4}>
                {view.refundLines.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Box>
            <Group justify="flex-end">
              <Button color="blue.9" onClick={close}>
                Close
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">{t('teaching.cancelQuestion', { lesson: lessonTitle(lesson) })}</Text>
            <Textarea
              label="Reason (optional)"
              description="The learners see it."
              rows={2}
              maxLength={REMARK_MAX}
              value={view.reason}
              disabled={view.busy}
              onChange={(event) => actor.send({ type: 'reason.change', value: event.currentTarget.value })}
            />
            {view.error && (
              <Alert color="red" variant="light" role="alert">
                {view.error}
              </Alert>
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" disabled={view.busy} onClick={close}>
                Keep the lesson
              </Button>
              <Button
                color="red.9"
                loading={view.busy}
                onClick={() => actor.send({ type: 'cancel.confirm' })}
              >
                Cancel lesson
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** The teacher's Join (docs/classroom.md): from 30 minutes before the start until the end. */
function TeacherJoin({ lesson }: { lesson: TeacherLessonDetail }) {
  const window = teacherWindow(lesson);
  if (!window) return null;
  return <JoinPanel lessonId={lesson.id} code={lesson.code} role="teacher" window={window} />;
}

function TeacherLessonDetails({ lesson }: { lesson: TeacherLessonDetail }) {
  usePageTitle(lessonTitle(lesson));
  return (
    <LessonLayout
      inWorkspace
      title={lessonTitle(lesson)}
      status={<TeacherLessonStatusBadge status={lesson.status} />}
      note={<ReviewNote lesson={lesson} />}
      objective={lesson.objective}
      rows={[
        ['Topic', lesson.topic?.name ?? ''],
        ['Subject', lesson.subject?.name ?? ''],
        ['Grade level', lesson.gradeLevel?.name ?? ''],
        ...lessonWhenRows(lesson),
        ['Price', formatKes(lesson.price)],
        ['Type', lesson.type ? lesson.type[0]?.toUpperCase() + lesson.type.slice(1) : ''],
        ['Lesson code', lesson.code],
        [
          'Class',
          lesson.class ? (
            <Anchor component={Link} href={`/teaching/classes/show/${lesson.class.id}`}>
              {lesson.class.title ?? `Class ${lesson.class.id}`}
            </Anchor>
          ) : null,
        ],
      ]}
      actions={{
        label: 'Manage the lesson',
        content: (
          <>
            <TeacherJoin lesson={lesson} />
            <Text size="sm">
              {lesson.bookingsCount} {lesson.bookingsCount === 1 ? 'learner' : 'learners'} booked
            </Text>
            {lesson.canEdit && (
              <Button
                component={Link}
                href={`/teaching/lessons/edit/${lesson.id}`}
                color="blue.9"
                variant="light"
              >
                Edit lesson
              </Button>
            )}
            <CancelLesson lesson={lesson} />
            <Anchor component={Link} href="/teaching/lessons" size="sm">
              My lessons
            </Anchor>
          </>
        ),
      }}
    >
      <Learners lesson={lesson} />
      <LessonAttendance lesson={lesson} />
      <LessonMeetingLink lesson={lesson} />
      <TeacherMaterials
        lessonId={lesson.id}
        notes={lesson.notes}
        assignments={lesson.assignments}
        canAdd={lesson.status !== 'cancelled'}
      />
    </LessonLayout>
  );
}

function PageTitle({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

/**
 * The lesson as its teacher sees it, reloaded in place after a change (a material, a cancel: the
 * cancel dialog asks the loader by its systemId); `fallback` (the learner view) when it is not this
 * teacher's lesson.
 */
export default function TeacherLessonView({ code, fallback }: { code: string; fallback: ReactNode }) {
  const list = useLoader(teacherLessonLoader, {
    name: 'this lesson',
    params: { code },
    inUrl: false,
    systemId: TEACHER_LESSON,
  });
  const found = list.data?.found ? list.data.lesson : null;
  const notTheirs = list.data?.found === false;
  // The learner view names the page itself; the states here name it "Lesson" until it is known.
  if (notTheirs) return <>{fallback}</>;
  if (list.loading)
    return (
      <PageTitle title="Lesson">
        <CenteredLoader label="Loading lesson" />
      </PageTitle>
    );
  if (!found) {
    return (
      <PageTitle title="Lesson">
        <LessonLoadError error={list.error} retry={list.retry} />
      </PageTitle>
    );
  }
  return <TeacherLessonDetails lesson={found} />;
}
