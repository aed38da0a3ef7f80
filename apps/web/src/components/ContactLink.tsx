import { formatPhone } from '@brigade/shared/format';
import { Anchor } from '@mantine/core';
import classes from './ContactLink.module.css';

interface ContactLinkProps {
  /** In a list row whose arrows and Enter open the record: out of the Tab order (the row is the stop). */
  inRow?: boolean;
}

/** A phone number, written "514 555-0102", that calls it when clicked (`tel:`). */
export function PhoneLink({ phone, inRow }: ContactLinkProps & { phone: string }) {
  return (
    <Anchor href={`tel:${phone}`} size="sm" className={classes.link} tabIndex={inRow ? -1 : undefined}>
      {formatPhone(phone)}
    </Anchor>
  );
}

/** An e-mail address that writes to it when clicked (`mailto:`); cut with "…" where space is short. */
export function EmailLink({
  email,
  inRow,
  truncate,
}: ContactLinkProps & { email: string; truncate?: boolean }) {
  return (
    <Anchor
      href={`mailto:${email}`}
      size="sm"
      className={classes.link}
      tabIndex={inRow ? -1 : undefined}
      title={truncate ? email : undefined}
      truncate={truncate ? 'end' : undefined}
      display={truncate ? 'block' : undefined}
    >
      {email}
    </Anchor>
  );
}
