import { useId } from 'react';
import classes from './SegmentedChoice.module.css';

/**
 * A choice among a few options for a thumb, as one full-width segmented bar of native radio
 * buttons (arrows move between them, as in any radio group), named by `aria-labelledby`.
 *
 * Why not Mantine's SegmentedControl: it measures the page to slide its indicator under the chosen
 * option, a style and layout of the whole page forced in the middle of the first render; on the
 * time logger's two choices that was a third of the longest task a phone met while the form drew.
 */
export function SegmentedChoice({
  value,
  onChange,
  data,
  disabled,
  ...aria
}: {
  value: string;
  onChange: (value: string) => void;
  data: readonly { value: string; label: string }[];
  disabled?: boolean;
  'aria-labelledby'?: string;
  'aria-label'?: string;
}) {
  const name = useId();
  return (
    <div role="radiogroup" className={classes.root} {...aria}>
      {data.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
          <span className={classes.label}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
