// Choices offered by the profile-completion screens (docs/api.md "Profile completion").
import { array, defaulted, string, type, type Infer } from 'superstruct';
import { CurriculumStruct, SubjectStruct } from './catalogue';
import { decodeWith, maybe } from './common';
import { TeacherStruct } from './user';

export const ProfileOptionsStruct = type({
  curricula: defaulted(array(CurriculumStruct), []),
  studyModes: defaulted(array(string()), []),
  genders: defaulted(array(string()), []),
});
export type ProfileOptions = Infer<typeof ProfileOptionsStruct>;

export const TeacherProfileDataStruct = type({
  curricula: defaulted(array(CurriculumStruct), []),
  subjects: defaulted(array(SubjectStruct), []),
  qualificationLevels: defaulted(array(string()), []),
  teacher: maybe(TeacherStruct),
});
export type TeacherProfileData = Infer<typeof TeacherProfileDataStruct>;

export const decodeProfileOptions = (raw: unknown): ProfileOptions => decodeWith(ProfileOptionsStruct, raw);
export const decodeTeacherProfileData = (raw: unknown): TeacherProfileData =>
  decodeWith(TeacherProfileDataStruct, raw);
