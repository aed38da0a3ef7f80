import type { ApplicantCreate, ApplicantUpdateParsed } from '@brigade/shared/applicants';
import type { ApplicantStatus } from '@brigade/shared/enums';
import { queryOptions } from '@tanstack/react-query';
import { getToken } from '../../lib/auth.ts';
import { detailQuery, endpointQuery, listQuery, write } from '../../lib/queries.ts';

export const applicantsListQuery = (params: Record<string, string | number>) =>
  listQuery('GET /applicants', params);
export const applicantQuery = (id: string) => detailQuery('GET /applicants/:id', id);
export const skillOptionsQuery = queryOptions({ ...endpointQuery('GET /skills/options'), staleTime: 60_000 });
/** The number Hire suggests (the next free one), fetched fresh when the dialog opens. */
export const nextEmployeeNumberQuery = queryOptions({
  ...endpointQuery('GET /employees/next-number'),
  staleTime: 0,
  gcTime: 0,
  meta: { silent: true },
});

export const createApplicant = write('POST /applicants', (body: ApplicantCreate) => ({ body }));
export const updateApplicant = (id: string) =>
  write('PUT /applicants/:id', (body: ApplicantUpdateParsed) => ({ params: { id }, body }));
export const deleteApplicant = (id: string) => write('DELETE /applicants/:id', () => ({ params: { id } }));
export const changeStatus = write(
  'POST /applicants/:id/status',
  ({
    id,
    status,
    note,
  }: {
    id: string;
    status: Exclude<ApplicantStatus, 'hired'>;
    note?: string | null;
  }) => ({
    params: { id },
    body: { status, note: note ?? null },
  }),
);
export const hireApplicant = (id: string) =>
  write(
    'POST /applicants/:id/hire',
    (body: { employeeNumber: string; invitationChannel: 'sms' | 'email' | 'none' }) => ({
      params: { id },
      body,
    }),
  );
export const removeCv = (id: string) => write('DELETE /applicants/:id/cv', () => ({ params: { id } }));

/** Sends the chosen file as it is (its type is checked by the server from its bytes). */
export const uploadCv = (id: string) =>
  write('PUT /applicants/:id/cv', (file: File) => ({ params: { id }, upload: file }));

/** The CV as a file the browser opens (the API wants the session's token, which a plain link lacks). */
export async function openCv(id: string): Promise<void> {
  const response = await fetch(`/api/applicants/${id}/cv`, {
    headers: { authorization: `Bearer ${getToken()}` },
  });
  if (!response.ok) throw new Error(`CV: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Their Applicants conversation, opened (created the first time) to text them. */
export const openConversation = (id: string) =>
  write('POST /applicants/:id/conversation', () => ({ params: { id } }));
