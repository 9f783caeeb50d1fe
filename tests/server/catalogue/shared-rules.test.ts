// The catalogue's and the questions' rules in src/shared, which the SPA's filters and forms and the
// API's checks both call (the API side: shared-rules-api.test.ts).
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  bySlugOrId,
  classViewPath,
  fitsSubjectAndGrade,
  gradeLevelsOfCurriculum,
  isGradeOfCurriculum,
  lessonPath,
  ofSubjectAndGrade,
  subjectClassesPath,
} from '@/shared/catalogue';
import { t } from '@/shared/messages';
import { searchResultPath } from '@/shared/search';
import {
  ANSWER_BODY,
  lengthProblem,
  QUESTION_BODY,
  QUESTION_TITLE,
  validateAnswer,
  validateQuestion,
} from '@/shared/questions';

const curricula = [
  { id: 1, slug: 'cbc', name: 'CBC' },
  { id: 2, slug: null, name: 'Unslugged' },
  { id: 12, slug: '2', name: 'A slug of digits' },
];
const grades = [
  { id: 10, name: 'Grade 7', curriculumId: 1 },
  { id: 20, name: 'Form 4', curriculumId: 3 },
  { id: 30, name: 'Any curriculum', curriculumId: null },
];

describe('bySlugOrId', () => {
  it('finds an item by its slug or by its id, and nothing for an unknown or empty value', () => {
    expect(bySlugOrId(curricula, 'cbc')?.name).toBe('CBC');
    expect(bySlugOrId(curricula, '1')?.name).toBe('CBC');
    // The first in order wins: a slug of digits does not hide the item whose id it is.
    expect(bySlugOrId(curricula, '2')?.name).toBe('Unslugged');
    expect(bySlugOrId(curricula, '12')?.name).toBe('A slug of digits');
    expect(bySlugOrId(curricula, 'igcse')).toBeUndefined();
    expect(bySlugOrId(curricula, '')).toBeUndefined();
    expect(bySlugOrId(curricula, undefined)).toBeUndefined();
  });
});

describe('grade levels of a curriculum', () => {
  it('belong to the curriculum they name; one that names none belongs to every curriculum', () => {
    expect(isGradeOfCurriculum({ curriculumId: 1 }, 1)).toBe(true);
    expect(isGradeOfCurriculum({ curriculumId: 1 }, '1')).toBe(true);
    expect(isGradeOfCurriculum({ curriculumId: 1 }, 3)).toBe(false);
    expect(isGradeOfCurriculum({ curriculumId: null }, 3)).toBe(true);
    expect(isGradeOfCurriculum({ curriculumId: 1 }, null)).toBe(false);
    expect(isGradeOfCurriculum({ curriculumId: 1 }, '')).toBe(false);
  });

  it('are all offered while no curriculum is chosen, else those of the chosen one in their order', () => {
    const names = (list: typeof grades) => list.map((grade) => grade.name);
    expect(names(gradeLevelsOfCurriculum(grades, undefined))).toEqual([
      'Grade 7',
      'Form 4',
      'Any curriculum',
    ]);
    expect(names(gradeLevelsOfCurriculum(grades, null))).toEqual(['Grade 7', 'Form 4', 'Any curriculum']);
    expect(names(gradeLevelsOfCurriculum(grades, ''))).toEqual(['Grade 7', 'Form 4', 'Any curriculum']);
    expect(names(gradeLevelsOfCurriculum(grades, 1))).toEqual(['Grade 7', 'Any curriculum']);
    expect(names(gradeLevelsOfCurriculum(grades, '3'))).toEqual(['Form 4', 'Any curriculum']);
    expect(names(gradeLevelsOfCurriculum(grades, 99))).toEqual(['Any curriculum']);
  });
});

describe('topics and programmes of a subject and grade', () => {
  const topics = [
    { name: 'Algebra, Grade 7', subjectId: 1, gradeLevelId: 10 },
    { name: 'Algebra, any grade', subjectId: 1, gradeLevelId: null },
    { name: 'Algebra, Form 4', subjectId: 1, gradeLevelId: 20 },
    { name: 'Acids, Grade 7', subjectId: 2, gradeLevelId: 10 },
    { name: 'Study skills', subjectId: null, gradeLevelId: null },
  ];
  const names = (list: typeof topics) => list.map((topic) => topic.name);

  it('fit when they name the subject (or none) and the grade (or none)', () => {
    expect(fitsSubjectAndGrade(topics[0]!, 1, 10)).toBe(true);
    expect(fitsSubjectAndGrade(topics[0]!, '1', '10')).toBe(true);
    expect(fitsSubjectAndGrade(topics[0]!, 1, 20)).toBe(false);
    expect(fitsSubjectAndGrade(topics[0]!, 2, 10)).toBe(false);
    expect(fitsSubjectAndGrade(topics[1]!, 1, 20)).toBe(true);
    expect(fitsSubjectAndGrade(topics[4]!, 7, 70)).toBe(true);
  });

  it('are filtered in their order; with nothing chosen only those that name nothing fit', () => {
    expect(names(ofSubjectAndGrade(topics, 1, 10))).toEqual([
      'Algebra, Grade 7',
      'Algebra, any grade',
      'Study skills',
    ]);
    expect(names(ofSubjectAndGrade(topics, '2', '10'))).toEqual(['Acids, Grade 7', 'Study skills']);
    expect(names(ofSubjectAndGrade(topics, '', ''))).toEqual(['Study skills']);
    expect(names(ofSubjectAndGrade(topics, 1, null))).toEqual(['Algebra, any grade', 'Study skills']);
  });
});

describe('catalogue paths', () => {
  it('name a lesson by its code and a subject’s classes by its slug, else its id', () => {
    expect(lessonPath('LSN-7K2Q9')).toBe('/lessons/view/LSN-7K2Q9');
    expect(lessonPath('a b/c')).toBe('/lessons/view/a%20b%2Fc');
    expect(subjectClassesPath({ id: 4, slug: 'chemistry' })).toBe('/classes?subject=chemistry');
    expect(subjectClassesPath({ id: 4, slug: null })).toBe('/classes?subject=4');
  });
});

describe('class pages (classpage, issue 24)', () => {
  it('are where a class card and a class found by search open, not its next lesson', () => {
    expect(classViewPath(12)).toBe('/classes/view/12');
    expect(searchResultPath({ kind: 'class', id: 12, code: 'SOM-0040', slug: 'physics' })).toBe(
      '/classes/view/12',
    );
    expect(searchResultPath({ kind: 'class', id: 12, code: null, slug: null })).toBe('/classes/view/12');
  });
});

describe('activeFilterCount', () => {
  it('counts the filters a list applies, not its page or page size', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ page: '2', per_page: '50' })).toBe(0);
    expect(activeFilterCount({ subject: 'chemistry', type: 'get_ahead', page: '2' })).toBe(2);
    expect(activeFilterCount({ q: 'algebra', from: '' })).toBe(1);
  });
});

describe('question and answer lengths', () => {
  it('are counted on the trimmed text: required, at least min, at most max', () => {
    const bounds = { min: 3, max: 5 };
    expect(lengthProblem('', bounds)).toBe(t('validation.required'));
    expect(lengthProblem('    ', bounds)).toBe(t('validation.required'));
    expect(lengthProblem(' ab ', bounds)).toBe(t('validation.minLength', { min: 3 }));
    expect(lengthProblem('  abc  ', bounds)).toBeNull();
    expect(lengthProblem('abcde', bounds)).toBeNull();
    expect(lengthProblem('abcdef', bounds)).toBe(t('validation.maxLength', { max: 5 }));
  });

  it('check a question per field, and an answer', () => {
    expect(validateQuestion({ subjectId: '', gradeLevelId: ' ', title: 'Short', body: '' })).toEqual({
      subjectId: [t('validation.required')],
      gradeLevelId: [t('validation.required')],
      title: [t('validation.minLength', { min: QUESTION_TITLE.min })],
      body: [t('validation.required')],
    });
    expect(
      validateQuestion({
        subjectId: '1',
        gradeLevelId: '121',
        title: 'x'.repeat(QUESTION_TITLE.max),
        body: 'y'.repeat(QUESTION_BODY.max + 1),
      }),
    ).toEqual({ body: [t('validation.maxLength', { max: QUESTION_BODY.max })] });
    expect(validateAnswer({ body: 'x' })).toEqual({
      body: [t('validation.minLength', { min: ANSWER_BODY.min })],
    });
    expect(validateAnswer({ body: 'ok' })).toEqual({});
  });
});
