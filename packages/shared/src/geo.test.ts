import { describe, expect, it } from 'vitest';
import { distanceKm } from './geo.ts';

const montreal = { latitude: 45.5017, longitude: -73.5673 };
const quebec = { latitude: 46.8139, longitude: -71.208 };
const gatineau = { latitude: 45.4765, longitude: -75.7013 };

describe('distanceKm (as the crow flies)', () => {
  it('is zero from a place to itself', () => {
    expect(distanceKm(montreal, montreal)).toBe(0);
  });

  it('Montréal to Québec is about 233 km, and the same both ways', () => {
    expect(distanceKm(montreal, quebec)).toBeCloseTo(233.2, 0);
    expect(distanceKm(quebec, montreal)).toBeCloseTo(distanceKm(montreal, quebec), 9);
  });

  it('Montréal to Gatineau is about 166 km', () => {
    expect(distanceKm(montreal, gatineau)).toBeGreaterThan(164);
    expect(distanceKm(montreal, gatineau)).toBeLessThan(168);
  });

  it('a degree of latitude is about 111 km, a degree of longitude shrinks with the latitude', () => {
    expect(distanceKm({ latitude: 45, longitude: -73 }, { latitude: 46, longitude: -73 })).toBeCloseTo(
      111.2,
      0,
    );
    expect(distanceKm({ latitude: 45, longitude: -73 }, { latitude: 45, longitude: -72 })).toBeCloseTo(
      78.6,
      0,
    );
  });

  it('across the antimeridian and between antipodes', () => {
    expect(distanceKm({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(
      111.2,
      0,
    );
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      20015.1,
      0,
    );
  });
});
