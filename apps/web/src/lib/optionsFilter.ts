import { normalizeForSearch } from '@brigade/shared/normalize';
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/**
 * How every picker of the app (Select, MultiSelect, Autocomplete…) matches what is typed: without
 * caring for accents or case, like the lists' search — "theriault" finds "Béton Thériault inc.",
 * "echafaud" finds "Échafaudage". Set as the theme's default `filter` (app/theme.ts).
 */
export const accentInsensitiveFilter: OptionsFilter = ({ options, search, limit }) => {
  const wanted = normalizeForSearch(search);
  const matches = (items: ComboboxParsedItem[], room: number): ComboboxParsedItem[] => {
    const found: ComboboxParsedItem[] = [];
    for (const item of items) {
      if (found.length >= room) break;
      if ('group' in item) {
        const inGroup = matches(item.items, room - found.length) as ComboboxItem[];
        if (inGroup.length > 0) found.push({ group: item.group, items: inGroup });
      } else if (normalizeForSearch(item.label).includes(wanted)) {
        found.push(item);
      }
    }
    return found;
  };
  return matches(options, limit);
};
