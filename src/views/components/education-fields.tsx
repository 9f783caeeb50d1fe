import { NativeSelect, SimpleGrid } from '@mantine/core';
import type { Curriculum } from '@/services/schemas/catalogue';
import type { FieldErrors } from '@/shared/validation';
import { fieldError } from '../session-selectors';

type Level = 'curriculumId' | 'eduLevelId' | 'gradeLevelId';
type Choice = { id: number; name: string };

type Props = {
  curricula: Curriculum[];
  values: { curriculumId: number | null; eduLevelId: number | null; gradeLevelId?: number | null };
  errors: FieldErrors;
  /** One call per field that changes. */
  onChange: (name: Level, value: number | null) => void;
  /** Teachers pick a curriculum and an education level only. */
  withGradeLevel?: boolean;
};

const toId = (raw: string): number | null => (raw === '' ? null : Number(raw));

/** Curriculum → education level → grade level; choosing a parent clears the choices below it. */
export function EducationFields({ curricula, values, errors, onChange, withGradeLevel = true }: Props) {
  const curriculum = curricula.find((c) => c.id === values.curriculumId) ?? null;
  const eduLevel = curriculum?.eduLevels.find((l) => l.id === values.eduLevelId) ?? null;
  const levels: Level[] = withGradeLevel
    ? ['curriculumId', 'eduLevelId', 'gradeLevelId']
    : ['curriculumId', 'eduLevelId'];

  /** One level's select; without the level above it chosen, it waits (disabled, saying why). */
  const select = (level: Level, label: string, prompt: string, choices: Choice[] | null) => (
    <NativeSelect
      label={label}
      required
      disabled={choices === null}
      data={[
        { value: '', label: prompt },
        ...(choices ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      ]}
      value={values[level] === null || values[level] === undefined ? '' : String(values[level])}
      onChange={(e) => {
        onChange(level, toId(e.currentTarget.value));
        for (const below of levels.slice(levels.indexOf(level) + 1)) onChange(below, null);
      }}
      error={fieldError(errors, level)}
    />
  );
  const named = curricula.map((c) => ({ id: c.id, name: c.acronym ? `${c.name} (${c.acronym})` : c.name }));

  return (
    <SimpleGrid cols={{ base: 1, sm: withGradeLevel ? 3 : 2 }} spacing="sm">
      {select('curriculumId', 'Curriculum', 'Choose a curriculum', named)}
      {select(
        'eduLevelId',
        'Education level',
        curriculum ? 'Choose a level' : 'Choose a curriculum first',
        curriculum?.eduLevels ?? null,
      )}
      {withGradeLevel &&
        select(
          'gradeLevelId',
          'Grade level',
          eduLevel ? 'Choose a grade' : 'Choose a level first',
          eduLevel?.gradeLevels ?? null,
        )}
    </SimpleGrid>
  );
}
