// The classrooms of one deployment (docs/classroom.md): the Jitsi room every lesson has, and the
// teacher's own link where they gave one, which replaces it.
import type { Classroom } from './classroom';
import { JitsiClassroom, type JitsiSettings } from './jitsi-classroom';
import { LinkClassroom } from './link-classroom';

export type {
  Classroom,
  ClassroomEmbed,
  ClassroomEntry,
  ClassroomLesson,
  ClassroomPerson,
} from './classroom';
export {
  JitsiClassroom,
  roomName,
  type JitsiSettings,
  type JitsiTokens,
} from './jitsi-classroom';
export { LinkClassroom } from './link-classroom';

export type Classrooms = {
  jitsi: JitsiClassroom;
  link: LinkClassroom;
  /** The classroom of a lesson with this own link (the lesson's, else its class's). */
  of(link: string | null): Classroom;
};

export function createClassrooms(settings: JitsiSettings, secret: string): Classrooms {
  const jitsi = new JitsiClassroom(settings, secret);
  const link = new LinkClassroom();
  return { jitsi, link, of: (own) => (own ? link : jitsi) };
}
