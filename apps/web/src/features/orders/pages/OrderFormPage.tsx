import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { orderQuery } from '../api.ts';
import { OrderForm } from '../components/OrderForm.tsx';

/**
 * orders/create/{id} (spec §2): `new` for a new order, an order's id to edit it, or with
 * `?duplicate=1` to start a new one from it.
 */
export default function OrderFormPage() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  const [params] = useSearchParams();
  const duplicate = params.get('duplicate') === '1';
  const isNew = id === 'new';
  const query = useQuery({ ...orderQuery(id), enabled: !isNew, staleTime: 0 });
  const title = isNew || duplicate ? t('titles.ordersCreate') : t('common.edit');
  return (
    <Stack gap="md">
      <Title order={1}>
        {title}
        {query.data && !isNew ? ` — ${query.data.site.name}` : ''}
      </Title>
      {isNew ? (
        <OrderForm />
      ) : query.data ? (
        <OrderForm key={`${query.data.id}-${duplicate}`} order={query.data} duplicate={duplicate} />
      ) : (
        <QueryState query={query} backHref="/orders" />
      )}
    </Stack>
  );
}
