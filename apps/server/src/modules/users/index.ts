// Users: the accounts behind admins, supervisors and employees, and one's own profile.
export { lockSupervisors } from './locks.ts';
export { ensureActivePhoneIndex } from './phone-index.ts';
export { assertPhoneFree, phoneUniqueError } from './phone-owner.ts';
export {
  findSignInCandidatesByPhone,
  findUserByEmail,
  findUserById,
  findUsersByPhone,
} from './repository.ts';
export { default as usersRoutes } from './routes.ts';
export { employeeSearchText, phoneWords, refreshSearchText, supervisorSearchText } from './search-text.ts';
export { contactColumns, phoneContactColumns, toUser } from './serialize.ts';
