import 'leaflet/dist/leaflet.css';
import type { MapSite } from '@brigade/shared/dashboards';
import { Box, Text } from '@mantine/core';
import { latLngBounds } from 'leaflet';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { mapTileUrl } from '../api.ts';
import { coverageColors } from './coverage.tsx';

export interface SitesMapViewProps {
  sites: MapSite[];
  /** The site the page is about: the map centres on it and draws it larger. */
  focusedId?: string;
  onSelect: (id: string) => void;
}

/** Frames every site, or the focused one, whenever they change. */
function Framing({ sites, focused }: { sites: MapSite[]; focused: MapSite | undefined }) {
  const map = useMap();
  const key = focused ? focused.id : sites.map((site) => site.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says when the framing changes
  useEffect(() => {
    if (focused) map.setView([focused.latitude, focused.longitude], Math.max(map.getZoom(), 13));
    else if (sites.length) {
      map.fitBounds(
        latLngBounds(sites.map((site) => [site.latitude, site.longitude] as [number, number])).pad(0.15),
        {
          maxZoom: 13,
        },
      );
    }
  }, [map, key]);
  return null;
}

/**
 * The sites on a Leaflet map, one dot per site coloured by its coverage of the week. The dots are
 * drawn by Leaflet itself, so they stay on a plain background when the tiles cannot load (offline):
 * a line says so. The list beside the map is the way in for keyboards and screen readers; the map's
 * own keyboard handling is off. Loaded lazily: Leaflet stays out of every other page's bundle.
 */
export default function SitesMapView({ sites, focusedId, onSelect }: SitesMapViewProps) {
  const { t } = useTranslation();
  const [tilesFailed, setTilesFailed] = useState(false);
  const focused = sites.find((site) => site.id === focusedId);
  const first = focused ?? sites[0];
  return (
    <Box>
      <Box
        role="group"
        aria-label={t('dashboards.map.mapLabel', { count: sites.length })}
        h={{ base: 300, sm: 520 }}
        bg="gray.1"
        style={{
          borderRadius: 4,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-gray-4)',
          // Leaflet's panes and controls stack up to z-index 1000: keep them under the app's header.
          isolation: 'isolate',
        }}
        data-testid="sites-map"
      >
        <MapContainer
          center={first ? [first.latitude, first.longitude] : [45.5017, -73.5673]}
          zoom={first ? 11 : 9}
          style={{ height: '100%', width: '100%', background: 'transparent' }}
          scrollWheelZoom={false}
          keyboard={false}
        >
          <TileLayer
            url={mapTileUrl}
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright" tabindex="-1">OpenStreetMap</a>'
            maxZoom={19}
            eventHandlers={{ tileerror: () => setTilesFailed(true), tileload: () => setTilesFailed(false) }}
          />
          {sites.map((site) => {
            const isFocused = site.id === focusedId;
            return (
              <CircleMarker
                key={`${site.id}-${isFocused}-${site.coverage}`}
                center={[site.latitude, site.longitude]}
                radius={isFocused ? 13 : 8}
                // Set once, at creation (Leaflet applies no class change afterwards): the key renews it.
                className={`site-marker site-marker-${site.coverage}`}
                pathOptions={{
                  color: isFocused ? '#1c1c1c' : '#fff',
                  weight: isFocused ? 3 : 2,
                  fillColor: coverageColors[site.coverage],
                  fillOpacity: 1,
                }}
                eventHandlers={{ click: () => onSelect(site.id) }}
              >
                <Tooltip>
                  {site.name} — {site.client.name}
                  <br />
                  {t(`dashboards.coverage.${site.coverage}`)}
                </Tooltip>
              </CircleMarker>
            );
          })}
          <Framing sites={sites} focused={focused} />
        </MapContainer>
      </Box>
      {tilesFailed ? (
        <Text size="xs" c="dimmed" mt={4} data-testid="map-tiles-unavailable">
          {t('dashboards.map.tilesUnavailable')}
        </Text>
      ) : null}
    </Box>
  );
}
