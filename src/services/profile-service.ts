// Profile-completion calls of docs/api.md, one function each; every answer is decoded.
import { request } from './http';
import { dataOf, listOf, messageOf } from './envelope';
import type { UserAnswer } from './auth-service';
import {
  decodeProfileOptions,
  decodeTeacherProfileData,
  type ProfileOptions,
  type TeacherProfileData,
} from './schemas/profile-options';
import { decodeStudent, decodeUser, type Student } from './schemas/user';
import { t } from '@/shared/messages';

export type StudentProfileValues = {
  schoolName: string;
  studyMode: string;
  curriculumId: number;
  eduLevelId: number;
  gradeLevelId: number;
  dob: string;
  gender: string;
};
export type ChildValues = StudentProfileValues & { firstName: string; lastName: string };
export type ParentProfileValues = { phone: string; gender: string };
export type TeacherProfileValues = {
  biography: string;
  currentWorkplace: string;
  qualificationLevel: string;
  curriculumId: number;
  eduLevelId: number;
  subjectIds: number[];
  idNumber: string;
  tscNumber: string;
};

async function userAnswer(path: string, body?: Record<string, unknown>): Promise<UserAnswer> {
  const answer = await request(path, { method: 'POST', body });
  return { message: messageOf(answer, t('profile.updated')), user: decodeUser(dataOf(answer)) };
}

export async function fetchStudentProfileOptions(): Promise<ProfileOptions> {
  return decodeProfileOptions(dataOf(await request('/api/student/complete-profile')));
}

export function completeStudentProfile(values: StudentProfileValues): Promise<UserAnswer> {
  return userAnswer('/api/student/complete-profile/store', values);
}

export async function fetchParentProfileOptions(): Promise<ProfileOptions> {
  return decodeProfileOptions(dataOf(await request('/api/parent/complete-profile')));
}

export async function addChild(values: ChildValues): Promise<{ message: string; child: Student }> {
  const answer = await request('/api/parent/child/add', { method: 'POST', body: values });
  return {
    message: messageOf(answer, t('messages.created', { name: 'Child' })),
    child: decodeStudent(dataOf(answer)),
  };
}

export async function fetchChildren(): Promise<Student[]> {
  return listOf(await request('/api/parent/child/data')).map(decodeStudent);
}

export function completeParentProfile(values: ParentProfileValues): Promise<UserAnswer> {
  return userAnswer('/api/parent/complete-profile/store', values);
}

export async function fetchTeacherProfileData(): Promise<TeacherProfileData> {
  return decodeTeacherProfileData(dataOf(await request('/api/teacher/update-data')));
}

export function updateTeacherProfile(values: TeacherProfileValues): Promise<UserAnswer> {
  return userAnswer('/api/teacher/update', values);
}

export function submitTeacherProfile(): Promise<UserAnswer> {
  return userAnswer('/api/teacher/submit-profile');
}
