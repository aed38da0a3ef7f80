import { queryOptions } from '@tanstack/react-query';
import { getToken } from './auth.ts';
import { queryClient } from './queryClient.ts';

const imageKey = 'authorized-image';

/**
 * A picture the API shows to a signed-in person only (a parking receipt's photo), as an object URL
 * an <img> can show: the API wants the session's token, which an <img> cannot send. A photo never
 * changes under its address, so it is fetched once; its object URL is let go with its query (once
 * nothing showed it for a while, or the session changed hands).
 *
 *   const image = useQuery(authorizedImageQuery(`/api/time-entries/${id}/photos/${photoId}?size=thumb`));
 */
export const authorizedImageQuery = (url: string) =>
  queryOptions({
    queryKey: [imageKey, url],
    queryFn: async ({ signal }) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${getToken()}` }, signal });
      if (!response.ok) throw new Error(`image ${response.status}`);
      return URL.createObjectURL(await response.blob());
    },
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });

queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'removed' || event.query.queryKey[0] !== imageKey) return;
  const url = event.query.state.data;
  if (typeof url === 'string') URL.revokeObjectURL(url);
});
