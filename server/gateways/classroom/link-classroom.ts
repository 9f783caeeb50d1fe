// The teacher's own meeting (Zoom, Google Meet, Teams): everyone gets the link, nothing is embedded.
import type { Classroom, ClassroomEntry, ClassroomLesson } from './classroom';

export class LinkClassroom implements Classroom {
  readonly provider = 'link' as const;

  async enter(lesson: ClassroomLesson): Promise<ClassroomEntry> {
    if (!lesson.link) throw new Error(`Lesson ${lesson.id} has no link of its own`);
    return { provider: 'link', link: lesson.link, embed: null };
  }
}
