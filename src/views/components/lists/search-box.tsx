import { Button, Group, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import { useEffect, useRef } from 'react';

/** What the box needs of a list (`useLoader`): its query and the load machine's `filter.change`. */
export type FilteredList = {
  query: Partial<Record<string, string>>;
  setFilter: (name: string, value: string | null) => void;
};

export type SearchBoxProps = {
  list: FilteredList;
  label: string;
  /** The query key the box edits (default `q`). */
  name?: string;
  type?: 'search' | 'text' | 'date' | 'number';
  /** A Search button beside the field; without one, Enter applies the words. */
  withButton?: boolean;
  /** The button's look: the public pages' blue, or the admin screens' quieter default. */
  buttonVariant?: 'filled' | 'default';
  /** The page's search landmark (`role="search"`); false for one filter among others. */
  landmark?: boolean;
  /** Applied when the field is left too: a filter in a row of filters has no button to press. */
  applyOnBlur?: boolean;
  maw?: number;
};

/**
 * A list's text filter (search words, a date, a price): what is typed stays in the field
 * (@mantine/form) until it is applied on Enter, the Search button or (`applyOnBlur`) leaving the
 * field; applying sends the list machine's `filter.change`, and the machine owns the query (an
 * unchanged value loads nothing). A new query from elsewhere (the URL, "Clear filters") shows in the field.
 */
export function SearchBox({
  list,
  label,
  name = 'q',
  type = 'text',
  withButton = false,
  buttonVariant = 'filled',
  landmark = true,
  applyOnBlur = false,
  maw,
}: SearchBoxProps) {
  const applied = list.query[name] ?? '';
  // One field: @mantine/form's `useField` (the whole `useForm` would add ~6 KB to every list page).
  const text = useField({ initialValue: applied });
  const { setValue } = text;
  const shown = useRef(applied);
  useEffect(() => {
    if (shown.current === applied) return;
    shown.current = applied;
    setValue(applied);
  }, [applied, setValue]);
  const apply = (words: string) => list.setFilter(name, words.trim());
  const field = text.getInputProps();
  const input = (
    <TextInput
      label={label}
      type={type}
      inputMode={type === 'number' ? 'numeric' : undefined}
      min={type === 'number' ? 0 : undefined}
      {...field}
      onBlur={(event) => {
        (field.onBlur as ((event: unknown) => void) | undefined)?.(event);
        if (applyOnBlur) apply(text.getValue());
      }}
      style={withButton ? { flex: 1 } : undefined}
      maw={maw}
    />
  );
  return (
    <form
      role={landmark ? 'search' : undefined}
      aria-label={landmark ? label : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        apply(text.getValue());
      }}
    >
      {withButton ? (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          {input}
          <Button
            type="submit"
            variant={buttonVariant}
            color={buttonVariant === 'filled' ? 'blue.9' : undefined}
          >
            Search
          </Button>
        </Group>
      ) : (
        input
      )}
    </form>
  );
}
