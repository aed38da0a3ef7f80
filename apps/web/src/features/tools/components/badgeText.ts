/**
 * Text colours dark enough (≥ 4.5:1) on the pale background of Mantine's `light` badges, whose own
 * text shade is too light for small bold text in green, orange and yellow.
 */
export const badgeText = {
  red: '#a51d1d',
  orange: '#9a3412',
  yellow: '#6b4f00',
  green: '#1e6b30',
  blue: '#1864ab',
  gray: '#343a40',
} as const;

/** `vars` for a light Badge of that colour. */
export const badgeVars = (color: keyof typeof badgeText) => () => ({
  root: { '--badge-color': badgeText[color] },
});
