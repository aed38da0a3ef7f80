import type { CSSProperties, ReactNode } from 'react';
import classes from './DataTable.module.css';

export interface CardField {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** Takes the card's whole width (a date with its badge). */
  wide?: boolean;
}

/**
 * The label/value pairs of a phone card, two to a row (DataTable's list cards, RecordTable's
 * cards); nothing when there are none. Plain elements styled by the module, not Mantine
 * components: a phone list renders hundreds of them, and their cost was most of the list's
 * blocking time on a mid-range phone.
 */
export function CardFields({ fields, style }: { fields: CardField[]; style?: CSSProperties }) {
  if (fields.length === 0) return null;
  return (
    <dl className={classes.cardFields} style={style}>
      {fields.map((field) => (
        <div key={field.key} className={classes.cardField} data-wide={field.wide || undefined}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
