// The signed-in user's own screens: profile completion (src/views/pages/completion/*) and profile
// settings (src/views/pages/workspace/profile-setting-page.tsx). Each form's service is bound here;
// a form whose answer carries the changed user hands it to the session (`userOf`), so the top bar and
// the route guard see the new profile without the view relaying it.
import { formSubmitter } from '@/machines/form-machine';
import { oneLoader } from '@/machines/load-machine';
import { changePassword, updateUserInfo, type UserAnswer } from '@/services/auth-service';
import {
  addChild,
  completeParentProfile,
  completeStudentProfile,
  fetchChildren,
  fetchParentProfileOptions,
  fetchStudentProfileOptions,
  fetchTeacherProfileData,
  submitTeacherProfile,
  updateTeacherProfile,
  type ChildValues,
  type StudentProfileValues,
  type TeacherProfileValues,
} from '@/services/profile-service';
import { fetchNotificationChoices, saveNotificationChoices } from '@/services/phone-service';
import type { NotificationChoices } from '@/services/schemas/notification-settings';
import type { ProfileOptions, TeacherProfileData } from '@/services/schemas/profile-options';
import type { Student } from '@/services/schemas/user';
import type {
  ChildValues as ChildFormValues,
  PasswordChangeValues,
  PersonalDetailsValues,
  StudentFieldValues,
  TeacherFormValues,
} from '@/shared/profile-validation';
import type { NotificationSettings } from '@/shared/notification-channels';

const userOf = (answer: UserAnswer) => answer.user;

// The shared rules (src/shared/profile-validation.ts) run before a submit: the ids are chosen by then.

export const studentProfileOptionsLoader = oneLoader<ProfileOptions>(() => fetchStudentProfileOptions());

export const studentProfileForm = formSubmitter(
  (values: StudentFieldValues) => completeStudentProfile(values as StudentProfileValues),
  { userOf },
);

/** A parent's completion screen: the form's choices and the children already on file. */
export type ParentProfilePage = { options: ProfileOptions; children: Student[] };

export const parentProfileLoader = oneLoader<ParentProfilePage>(async () => {
  const [options, children] = await Promise.all([fetchParentProfileOptions(), fetchChildren()]);
  return { options, children };
});

export const addChildForm = formSubmitter((values: ChildFormValues) => addChild(values as ChildValues));

/** The parent's own details; the children on file are a value the form checks, never sent. */
export const parentProfileForm = formSubmitter(
  ({ phone, gender }: { phone: string; gender: string; children: Student[] }) =>
    completeParentProfile({ phone, gender }),
  { userOf },
);

export const teacherProfileLoader = oneLoader<TeacherProfileData>(() => fetchTeacherProfileData());

export const teacherProfileForm = formSubmitter(
  (values: TeacherFormValues) => updateTeacherProfile(values as TeacherProfileValues),
  { userOf },
);

/** Submits what is stored for approval: the session learns the teacher is now pending. */
export const teacherApprovalForm = formSubmitter((_: Record<string, never>) => submitTeacherProfile(), {
  userOf,
});

export const personalDetailsForm = formSubmitter((values: PersonalDetailsValues) => updateUserInfo(values), {
  userOf,
});

export const passwordChangeForm = formSubmitter((values: PasswordChangeValues) => changePassword(values));

// Issue 26: the notification choices on /profile-setting, loaded once and saved as a whole.
export const notificationChoicesLoader = oneLoader<NotificationChoices>(() => fetchNotificationChoices());

export const notificationSettingsForm = formSubmitter((values: NotificationSettings) =>
  saveNotificationChoices(values),
);
