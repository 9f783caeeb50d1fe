import { NativeSelect, SimpleGrid } from '@mantine/core';
import type { Curriculum } from '@/services/schemas/catalogue';

export type EducationValue = { curriculumId: number | null; eduLevelId: number | null; gradeLevelId: number | null };

type Props = {
  curricula: Curriculum[];
  value: EducationValue;
  onChange: (value: EducationValue) => void;
  errors: { curriculumId?: string | null; eduLevelId?: string | null; gradeLevelId?: string | null };
  /** Teachers pick a curriculum and an education level only. */
  withGradeLevel?: boolean;
};

const toId = (raw: string): number | null => (raw === '' ? null : Number(raw));

/** Curriculum → education level → grade level; choosing a parent clears the choices below it. */
export function EducationFields({ curricula, value, onChange, errors, withGradeLevel = true }: Props) {
  const curriculum = curricula.find((c) => c.id === value.curriculumId) ?? null;
  const eduLevel = curriculum?.eduLevels.find((l) => l.id === value.eduLevelId) ?? null;
  const placeholder = (label: string) => [{ value: '', label }];

  return (
    <SimpleGrid cols={{ base: 1, sm: withGradeLevel ? 3 : 2 }} spacing="sm">
      <NativeSelect
        label="Curriculum"
        required
        data={[...placeholder('Choose a curriculum'), ...curricula.map((c) => ({ value: String(c.id), label: c.acronym ? `${c.name} (${c.acronym})` : c.name }))]}
        value={value.curriculumId === null ? '' : String(value.curriculumId)}
        onChange={(e) => onChange({ curriculumId: toId(e.currentTarget.value), eduLevelId: null, gradeLevelId: null })}
        error={errors.curriculumId}
      />
      <NativeSelect
        label="Education level"
        required
        disabled={!curriculum}
        data={[...placeholder(curriculum ? 'Choose a level' : 'Choose a curriculum first'), ...(curriculum?.eduLevels ?? []).map((l) => ({ value: String(l.id), label: l.name }))]}
        value={value.eduLevelId === null ? '' : String(value.eduLevelId)}
        onChange={(e) => onChange({ ...value, eduLevelId: toId(e.currentTarget.value), gradeLevelId: null })}
        error={errors.eduLevelId}
      />
      {withGradeLevel && (
        <NativeSelect
          label="Grade level"
          required
          disabled={!eduLevel}
          data={[...placeholder(eduLevel ? 'Choose a grade' : 'Choose a level first'), ...(eduLevel?.gradeLevels ?? []).map((g) => ({ value: String(g.id), label: g.name }))]}
          value={value.gradeLevelId === null ? '' : String(value.gradeLevelId)}
          onChange={(e) => onChange({ ...value, gradeLevelId: toId(e.currentTarget.value) })}
          error={errors.gradeLevelId}
        />
      )}
    </SimpleGrid>
  );
}
