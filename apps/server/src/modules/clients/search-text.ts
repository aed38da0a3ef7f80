import { type ClientInputParsed, searchable } from '@brigade/shared';
import { phoneWords } from '../users/index.ts';

/** Name, city, e-mail, phone digits (with and without the country code) and postal code. */
export function clientSearchText(
  client: Pick<ClientInputParsed, 'name' | 'city' | 'email' | 'phone' | 'postalCode'>,
) {
  return searchable(
    client.name,
    client.city,
    client.email,
    ...phoneWords(client.phone),
    client.postalCode,
    client.postalCode?.replace(' ', ''),
  );
}
