import 'leaflet/dist/leaflet.css';
import { Alert, Box, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';

export interface SiteMapProps {
  latitude: number | null;
  longitude: number | null;
  /** Where to look when the site has no position yet (the region of its city). */
  fallbackCenter: [number, number];
  onPick: (latitude: number, longitude: number) => void;
}

/** Clicks place the site; the map follows a position typed in the inputs. */
function Interactions({
  position,
  onPick,
}: {
  position: [number, number] | null;
  onPick: SiteMapProps['onPick'];
}) {
  const map = useMap();
  useMapEvents({
    click: (event) => onPick(Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6))),
  });
  // Inside a modal the map is measured before the modal finishes opening.
  useEffect(() => {
    const timer = window.setTimeout(() => map.invalidateSize(), 250);
    return () => window.clearTimeout(timer);
  }, [map]);
  useEffect(() => {
    if (position) map.panTo(position);
  }, [map, position?.[0], position?.[1]]);
  return null;
}

/**
 * The site's position on an OpenStreetMap map (no geocoding: the office clicks or types it). When
 * the tiles cannot load (offline, tests), a note says so and the typed inputs still work.
 * Loaded lazily: Leaflet stays out of every other page's bundle.
 */
export default function SiteMap({ latitude, longitude, fallbackCenter, onPick }: SiteMapProps) {
  const { t } = useTranslation();
  const [tilesFailed, setTilesFailed] = useState(false);
  const position: [number, number] | null =
    latitude !== null && longitude !== null ? [latitude, longitude] : null;
  return (
    <Box>
      <Box
        role="group"
        aria-label={t('clients.site.mapLabel')}
        h={{ base: 220, sm: 280 }}
        style={{
          borderRadius: 4,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-gray-4)',
          // Leaflet's panes and controls stack up to z-index 1000: keep them under the app's header.
          isolation: 'isolate',
        }}
        data-testid="site-map"
      >
        <MapContainer
          center={position ?? fallbackCenter}
          zoom={position ? 15 : 11}
          style={{ height: '100%', width: '100%' }}
          scrollWheelZoom={false}
        >
          <TileLayer
            url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
            maxZoom={19}
            eventHandlers={{ tileerror: () => setTilesFailed(true), tileload: () => setTilesFailed(false) }}
          />
          {position ? (
            <CircleMarker center={position} radius={9} pathOptions={{ color: '#c92a2a', weight: 3 }} />
          ) : null}
          <Interactions position={position} onPick={onPick} />
        </MapContainer>
      </Box>
      {tilesFailed ? (
        <Alert color="yellow" variant="light" mt="xs" p="xs" data-testid="map-unavailable">
          <Text size="sm">{t('clients.site.mapUnavailable')}</Text>
        </Alert>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          {t('clients.site.mapHelp')}
        </Text>
      )}
    </Box>
  );
}
