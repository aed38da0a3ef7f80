import { z } from 'zod';

// Positions on the map (a site, an employee's home) and the distance between two of them.

/** A latitude in degrees, or nothing (blank → null). */
export const latitudeSchema = z
  .number()
  .min(-90)
  .max(90)
  .nullish()
  .transform((v) => v ?? null);

/** A longitude in degrees, or nothing (blank → null). */
export const longitudeSchema = z
  .number()
  .min(-180)
  .max(180)
  .nullish()
  .transform((v) => v ?? null);

/**
 * Both coordinates or neither: the missing one is named (`coordinates_incomplete`). Run it with
 * `whenValid('latitude', 'longitude')` so that it waits for each to be valid on its own.
 */
export function checkCoordinatesPair(
  value: { latitude: number | null; longitude: number | null },
  ctx: z.RefinementCtx,
): void {
  if ((value.latitude === null) !== (value.longitude === null)) {
    const path = value.latitude === null ? 'latitude' : 'longitude';
    ctx.addIssue({ code: 'custom', path: [path], message: 'coordinates_incomplete' });
  }
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Mean radius of the Earth (IUGG), in kilometres. */
const earthRadiusKm = 6371.0088;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The great-circle distance between two points, in kilometres (haversine formula): as the crow
 * flies, which is what ranking workers by how far they live from a site needs, not the road.
 */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLatitude = radians(b.latitude - a.latitude);
  const dLongitude = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLongitude / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}
