import { Box, Button, Center, Loader, NumberInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoundForm } from './FormFields.tsx';

const LocationMap = lazy(() => import('./LocationMap.tsx'));

/** Where a map looks first: the region of the address's city (Montréal unless Québec or Gatineau). */
export function regionCenter(city: string | null | undefined): [number, number] {
  const name = (city ?? '').toLowerCase();
  if (/qu[ée]bec|l[ée]vis/.test(name)) return [46.81, -71.24];
  if (/gatineau|ottawa|aylmer|hull/.test(name)) return [45.48, -75.7];
  return [45.505, -73.57];
}

const asCoordinate = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * Latitude and longitude typed, or picked by a click on the map (loaded lazily), with a button to
 * clear them, inside a `<FormSection>`'s two columns. The form's values have `latitude` and
 * `longitude` (both or neither, checked by the shared schema).
 *
 *   <FormSection title={t('clients.site.location')}>
 *     <LocationFields form={form} city={values.city} mapLabel={…} mapHelp={…} />
 *   </FormSection>
 */
export function LocationFields({
  form,
  city,
  mapLabel,
  mapHelp,
  mapTestId,
}: {
  form: BoundForm;
  /** The address's city: where the map looks before a position is placed. */
  city: string | null | undefined;
  mapLabel: string;
  mapHelp: string;
  mapTestId?: string;
}) {
  const { t } = useTranslation();
  const latitude = form.getInputProps('latitude');
  const longitude = form.getInputProps('longitude');
  const coordinate = (props: typeof latitude) => ({
    ...props,
    value: props.value ?? '',
    onChange: (value: number | string) =>
      props.onChange(typeof value === 'number' ? value : value === '' ? null : Number(value)),
  });
  const place = (lat: number | null, lng: number | null) => {
    latitude.onChange(lat);
    longitude.onChange(lng);
  };
  const hasAny = asCoordinate(latitude.value) !== null || asCoordinate(longitude.value) !== null;
  return (
    <>
      <NumberInput
        label={t('location.latitude')}
        decimalScale={6}
        min={-90}
        max={90}
        step={0.0001}
        hideControls
        {...coordinate(latitude)}
      />
      <NumberInput
        label={t('location.longitude')}
        decimalScale={6}
        min={-180}
        max={180}
        step={0.0001}
        hideControls
        {...coordinate(longitude)}
      />
      <Box style={{ gridColumn: '1 / -1' }}>
        <Suspense
          fallback={
            <Center h={220}>
              <Loader role="status" aria-label={t('location.mapLoading')} />
            </Center>
          }
        >
          <LocationMap
            latitude={asCoordinate(latitude.value)}
            longitude={asCoordinate(longitude.value)}
            fallbackCenter={regionCenter(city)}
            onPick={place}
            label={mapLabel}
            help={mapHelp}
            data-testid={mapTestId}
          />
        </Suspense>
        {hasAny ? (
          <Button variant="subtle" size="compact-sm" mt={4} onClick={() => place(null, null)}>
            {t('location.clear')}
          </Button>
        ) : null}
      </Box>
    </>
  );
}

/** A position shown on a small read-only map (a detail page), loaded lazily. */
export function LocationPreview({
  latitude,
  longitude,
  label,
  'data-testid': testId,
}: {
  latitude: number;
  longitude: number;
  label: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center h={180}>
          <Loader role="status" aria-label={t('location.mapLoading')} />
        </Center>
      }
    >
      <LocationMap
        latitude={latitude}
        longitude={longitude}
        fallbackCenter={[latitude, longitude]}
        label={label}
        height={{ base: 180, sm: 200 }}
        data-testid={testId}
      />
    </Suspense>
  );
}
