import type { ClientInputParsed } from '@brigade/shared';
import { AppError, isUniqueViolation, violatedConstraint } from '../../lib/errors.ts';
import { clientSearchText } from './search-text.ts';

/** A client's stored values: the form's, and the text it is searched by. */
export function clientValues(input: ClientInputParsed) {
  return { ...input, searchText: clientSearchText(input) };
}

/** The one unique name of a client, as the API's error. */
export function translateUnique(error: unknown): never {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'clients_name_key') {
    throw new AppError('NAME_NOT_UNIQUE', 'Name must be unique', { field: 'name' });
  }
  throw error;
}
