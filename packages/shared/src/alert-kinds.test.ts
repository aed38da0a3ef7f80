import { describe, expect, it } from 'vitest';
import { placesCoverage } from './alert-kinds.ts';

describe('placesCoverage', () => {
  it('is full from every place confirmed on (more than asked too), partial with some, none with none', () => {
    expect(placesCoverage(6, 6)).toBe('full');
    expect(placesCoverage(7, 6)).toBe('full');
    expect(placesCoverage(1, 6)).toBe('partial');
    expect(placesCoverage(0, 6)).toBe('none');
  });
});
