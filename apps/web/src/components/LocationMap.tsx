import 'leaflet/dist/leaflet.css';
import { Alert, Box, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { mapTileUrl } from '../lib/mapTiles.ts';

export interface LocationMapProps {
  latitude: number | null;
  longitude: number | null;
  /** Where to look when there is no position yet (the region of the address's city). */
  fallbackCenter: [number, number];
  /** Places the position where the map is clicked; without it the map only shows the position. */
  onPick?: (latitude: number, longitude: number) => void;
  /** The map's accessible name ("Carte : cliquez pour placer le chantier"). */
  label: string;
  /** The line under the map while its tiles load ("Cliquez sur la carte…"); none when read-only. */
  help?: string;
  /** Height in pixels on phones and from `sm`; default 220 and 280. */
  height?: { base: number; sm: number };
  'data-testid'?: string;
}

/** Clicks place the position; the map follows a position typed in the inputs. */
function Interactions({
  position,
  fallbackCenter,
  onPick,
}: {
  position: [number, number] | null;
  fallbackCenter: [number, number];
  onPick: LocationMapProps['onPick'];
}) {
  const map = useMap();
  useMapEvents({
    click: (event) => onPick?.(Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6))),
  });
  // Inside a modal the map is measured before the modal finishes opening.
  useEffect(() => {
    const timer = window.setTimeout(() => map.invalidateSize(), 250);
    return () => window.clearTimeout(timer);
  }, [map]);
  useEffect(() => {
    if (position) map.panTo(position);
  }, [map, position?.[0], position?.[1]]);
  // Nothing placed yet: the map looks at the region of the city as it is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the region changes; placing a position pans above
  useEffect(() => {
    if (!position) map.setView(fallbackCenter, 11);
  }, [map, fallbackCenter[0], fallbackCenter[1]]);
  return null;
}

/**
 * A position (a site, an employee's home) on an OpenStreetMap map, with no geocoding: the office
 * clicks or types it. When the tiles cannot load (offline, tests), a note says so and the typed
 * inputs still work. Loaded lazily (`LocationFields`, detail pages): Leaflet stays out of every
 * other page's bundle.
 */
export default function LocationMap({
  latitude,
  longitude,
  fallbackCenter,
  onPick,
  label,
  help,
  height = { base: 220, sm: 280 },
  'data-testid': testId = 'location-map',
}: LocationMapProps) {
  const { t } = useTranslation();
  const [tilesFailed, setTilesFailed] = useState(false);
  const position: [number, number] | null =
    latitude !== null && longitude !== null ? [latitude, longitude] : null;
  return (
    <Box>
      <Box
        role="group"
        aria-label={label}
        h={height}
        style={{
          borderRadius: 4,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-gray-4)',
          // Leaflet's panes and controls stack up to z-index 1000: keep them under the app's header.
          isolation: 'isolate',
        }}
        data-testid={testId}
      >
        <MapContainer
          center={position ?? fallbackCenter}
          zoom={position ? 15 : 11}
          style={{ height: '100%', width: '100%' }}
          scrollWheelZoom={false}
        >
          <TileLayer
            url={mapTileUrl}
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
            maxZoom={19}
            eventHandlers={{ tileerror: () => setTilesFailed(true), tileload: () => setTilesFailed(false) }}
          />
          {position ? (
            <CircleMarker center={position} radius={9} pathOptions={{ color: '#c92a2a', weight: 3 }} />
          ) : null}
          <Interactions position={position} fallbackCenter={fallbackCenter} onPick={onPick} />
        </MapContainer>
      </Box>
      {tilesFailed ? (
        <Alert color="yellow" variant="light" mt="xs" p="xs" data-testid="map-unavailable">
          <Text size="sm">{t(onPick ? 'location.mapUnavailable' : 'location.mapUnavailableReadOnly')}</Text>
        </Alert>
      ) : help ? (
        <Text size="xs" c="dimmed" mt={4}>
          {help}
        </Text>
      ) : null}
    </Box>
  );
}
