/**
 * The maps' tiles (sites, homes, the locations map): VITE_MAP_TILE_URL at build time (a company
 * tile server, a key-bearing URL…), OpenStreetMap's by default. Without tiles (offline) every map
 * still shows its markers on a plain background.
 */
export const mapTileUrl: string =
  (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ||
  'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
