// A lesson's classroom (docs/classroom.md "Providers"): one interface, one adapter per provider.
// The service decides who may enter and when; an adapter only says how this person gets in.
import type { ClassroomProvider } from '../../../src/shared/classroom';

/** What an adapter needs of the lesson. */
export type ClassroomLesson = {
  id: number;
  /** The teacher's own link: the lesson's, else its class's; null for the lesson's own room. */
  link: string | null;
  /** The window of the person entering (`classroomWindow`): a token is valid from its opening. */
  opensAt: Date;
  endAt: Date;
};

/** Who enters: only the lesson's teacher is a moderator. */
export type ClassroomPerson = {
  userId: number;
  name: string;
  /** An absolute URL of their photo, or null. */
  avatar: string | null;
  moderator: boolean;
};

/** What the Jitsi IFrame API needs to embed the call (only with tokens). */
export type ClassroomEmbed = { domain: string; room: string; jwt: string };

/** The join answer (`POST /api/lessons/join/{id}`). */
export type ClassroomEntry = { provider: ClassroomProvider; link: string; embed: ClassroomEmbed | null };

export interface Classroom {
  readonly provider: ClassroomProvider;
  enter(lesson: ClassroomLesson, person: ClassroomPerson): Promise<ClassroomEntry>;
}
