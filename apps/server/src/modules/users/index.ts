// Users: the accounts behind admins, supervisors and employees, and one's own profile.
export { lockSupervisors } from './locks.ts';
export { cancelPhoneChange } from './phone-change.ts';
export { ensureActivePhoneIndex } from './phone-index.ts';
export { activePhoneIndex, assertPhoneFree, phoneNotUnique, phoneUniqueError } from './phone-owner.ts';
export {
  findSignInCandidatesByPhone,
  findUserByEmail,
  findUserById,
  findUsersByPhone,
} from './repository.ts';
export { default as usersRoutes } from './routes.ts';
export { employeeSearchText, phoneWords, refreshSearchText, supervisorSearchText } from './search-text.ts';
export { contactColumns, phoneContactColumns, toMe, toUser } from './serialize.ts';
