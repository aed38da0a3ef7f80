import 'leaflet/dist/leaflet.css';
import type { SiteDetail } from '@brigade/shared/clients';
import { Box, Text } from '@mantine/core';
import { latLngBounds } from 'leaflet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { mapTileUrl } from '../../../lib/mapTiles.ts';

const statusColors: Record<SiteDetail['status'], string> = {
  active: '#2b8a3e',
  upcoming: '#1864ab',
  inactive: '#495057',
};

/**
 * Where the client's sites are, one dot per located site (green active, blue upcoming, grey
 * inactive), framed to show them all. The dots are drawn by Leaflet itself, so they stay readable
 * when the OpenStreetMap tiles cannot load (offline): a line says so. Loaded lazily.
 */
export default function ClientSitesMap({ sites }: { sites: SiteDetail[] }) {
  const { t } = useTranslation();
  const [tilesFailed, setTilesFailed] = useState(false);
  const located = sites.filter(
    (site): site is SiteDetail & { latitude: number; longitude: number } =>
      site.latitude !== null && site.longitude !== null,
  );
  if (located.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('clients.map.noLocatedSites')}
      </Text>
    );
  }
  const bounds = latLngBounds(located.map((site) => [site.latitude, site.longitude] as [number, number]));
  return (
    <Box>
      <Box
        role="group"
        aria-label={t('clients.map.label', { count: located.length })}
        h={240}
        style={{
          borderRadius: 4,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-gray-4)',
          // Leaflet's panes and controls stack up to z-index 1000: keep them under the app's header.
          isolation: 'isolate',
        }}
        bg="gray.1"
        data-testid="client-sites-map"
      >
        <MapContainer
          bounds={bounds.pad(0.2)}
          maxZoom={15}
          style={{ height: '100%', width: '100%', background: 'transparent' }}
          scrollWheelZoom={false}
          keyboard={false}
          zoomControl={false}
        >
          <TileLayer
            url={mapTileUrl}
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright" tabindex="-1">OpenStreetMap</a>'
            maxZoom={19}
            eventHandlers={{ tileerror: () => setTilesFailed(true), tileload: () => setTilesFailed(false) }}
          />
          {located.map((site) => (
            <CircleMarker
              key={site.id}
              center={[site.latitude, site.longitude]}
              radius={8}
              pathOptions={{
                color: '#fff',
                weight: 2,
                fillColor: statusColors[site.status],
                fillOpacity: 1,
              }}
            >
              <Tooltip>{site.name}</Tooltip>
            </CircleMarker>
          ))}
        </MapContainer>
      </Box>
      <Text size="xs" c="dimmed" mt={4}>
        {tilesFailed
          ? t('clients.map.tilesUnavailable')
          : t('clients.map.legend', { located: located.length, total: sites.length })}
      </Text>
    </Box>
  );
}
