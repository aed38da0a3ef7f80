import { z } from 'zod';
import {
  applicantCreateSchema,
  applicantDetailSchema,
  applicantHiredSchema,
  applicantHireSchema,
  applicantListQuerySchema,
  applicantPageSchema,
  applicantStatusChangeSchema,
  applicantUpdateSchema,
} from '../applicants.ts';
import { endpoint } from '../endpoint.ts';
import { deleteOutcomeSchema } from '../list.ts';
import { idParams } from './ids.ts';

/** Recruiting: applicants from first call to hire (admins only). */
export const applicantsEndpoints = {
  'GET /applicants': endpoint({
    summary: 'List applicants (search by name, phone, e-mail, city; filters by status, source, skill)',
    query: applicantListQuerySchema,
    response: applicantPageSchema,
  }),
  'POST /applicants': endpoint({
    summary: 'Record an applicant (status new unless given); the first step of their history',
    description:
      'A mobile already an active person’s (employee, supervisor, applicant not hired) is 409 PHONE_NOT_UNIQUE.',
    body: applicantCreateSchema,
    status: 201,
    response: applicantDetailSchema,
    errors: [409],
  }),
  'GET /applicants/:id': endpoint({
    summary: 'One applicant with skills, CV, status history and the employee they became',
    params: idParams,
    response: applicantDetailSchema,
  }),
  'PUT /applicants/:id': endpoint({
    summary: 'Replace an applicant’s fields (the status changes through POST /applicants/:id/status)',
    params: idParams,
    body: applicantUpdateSchema,
    response: applicantDetailSchema,
    errors: [409],
  }),
  'DELETE /applicants/:id': endpoint({
    summary: 'Delete an applicant who was not hired (with their CV); 409 APPLICANT_HIRED otherwise',
    params: idParams,
    response: deleteOutcomeSchema,
    errors: [409],
  }),
  'POST /applicants/:id/status': endpoint({
    summary: 'Move an applicant to another status, with a note; kept in their history (hired: use hire)',
    params: idParams,
    body: applicantStatusChangeSchema,
    response: applicantDetailSchema,
    errors: [409],
  }),
  'POST /applicants/:id/hire': endpoint({
    summary:
      'Hire: the applicant becomes an employee (name, phone, e-mail, language, city, skills carried over; invitation sent), both linked, in one transaction; 409 APPLICANT_HIRED the second time, NAME_NOT_UNIQUE for a number or e-mail taken',
    params: idParams,
    body: applicantHireSchema,
    status: 201,
    response: applicantHiredSchema,
    errors: [409],
  }),
  'PUT /applicants/:id/cv': endpoint({
    summary:
      'Upload (or replace) the CV: a PDF, JPEG, PNG or WebP of at most 5 MB, checked by its content (400 CV_NOT_ACCEPTED otherwise); the raw file is the body, its name in the x-file-name header (kept cleaned: no path, no control or bidirectional characters, the extension of its real type). An image is re-encoded without its metadata (EXIF: place, time, phone); over 40 megapixels it is refused before decoding (400 IMAGE_TOO_LARGE). Uploads are limited per person (429 TOO_MANY_REQUESTS)',
    params: idParams,
    response: applicantDetailSchema,
    errors: [409, 429],
  }),
  'GET /applicants/:id/cv': endpoint({
    summary:
      'Download the CV as an attachment (Content-Disposition with an ASCII filename and its UTF-8 filename*), named with the extension of its real type',
    params: idParams,
  }),
  'POST /applicants/:id/conversation': endpoint({
    summary:
      "The applicant's conversation (type Applicants), created the first time: where the office texts them. 409 PERSON_ANONYMIZED once they were anonymised",
    params: idParams,
    response: z.object({ conversationId: z.string() }),
    errors: [409],
  }),
  'DELETE /applicants/:id/cv': endpoint({
    summary: 'Remove the CV',
    params: idParams,
    response: applicantDetailSchema,
  }),
};
