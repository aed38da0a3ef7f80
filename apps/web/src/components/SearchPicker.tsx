import { TextInput } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useLoadedAfterPaint } from '../lib/afterPaint.ts';
import { preloadable } from '../lib/preloadable.ts';
import type { SearchPickerSelectProps } from './SearchPickerSelect.tsx';

const SearchPickerSelect = preloadable(() => import('./SearchPickerSelect.tsx'));
// The lazy component keeps the picker's type parameters (a lazy component loses them).
const Picker = SearchPickerSelect as unknown as <Page extends { items: Item[] }, Item, Key extends QueryKey>(
  props: SearchPickerSelectProps<Page, Item, Key> & { ref: Ref<HTMLInputElement> },
) => ReactNode;

/**
 * One record among hundreds, searched on the server as one types (SearchPickerSelect.tsx).
 *
 * Its code (Mantine's Select, its list and the floating layer under it: about 30 KB on the wire)
 * comes once the screen has painted: until then, and on a phone's first screen that is a few
 * hundred milliseconds, the field is drawn as a text field of the same look. What is typed in it
 * meanwhile is kept and searched as soon as the list is there, with the focus where it was;
 * touching it fetches the code at once.
 */
export function SearchPicker<Page extends { items: Item[] }, Item, Key extends QueryKey>(
  props: SearchPickerSelectProps<Page, Item, Key>,
) {
  const { ready, loadNow } = useLoadedAfterPaint(SearchPickerSelect);
  const [typed, setTyped] = useState('');
  const focused = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  // The list took the field's place while it had the focus: the focus and the caret stay.
  useEffect(() => {
    if (!ready || !focused.current || !input.current) return;
    input.current.focus();
    const end = input.current.value.length;
    input.current.setSelectionRange(end, end);
  }, [ready]);

  if (ready) {
    return (
      <Picker
        {...props}
        ref={input}
        initialSearch={typed || undefined}
        defaultDropdownOpened={typed ? true : props.defaultDropdownOpened}
      />
    );
  }
  const shown = typed || (props.value ? (props.initialLabel ?? '') : '');
  return (
    <TextInput
      ref={input}
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      size={props.size}
      withAsterisk={props.withAsterisk}
      required={props.required}
      error={props.error}
      disabled={props.disabled}
      className={props.className}
      style={props.style}
      data-testid={(props as { 'data-testid'?: string })['data-testid']}
      autoComplete="off"
      value={shown}
      rightSection={<IconSelector size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      onFocus={() => {
        focused.current = true;
        loadNow();
      }}
      onBlur={() => {
        focused.current = false;
      }}
      onChange={(event) => setTyped(event.currentTarget.value)}
    />
  );
}
