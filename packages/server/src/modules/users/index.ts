/**
 * The users module's public face for other modules. The account records (users table) are
 * this module's; signing up, activating and resetting (auth), the admin tools, the seeds and
 * the command line read and write them through these functions.
 */

export { presentUser } from './users.presenter.js';
export {
  activateIfPending,
  deleteUserByEmail,
  findSessionUser,
  findUserByEmail,
  findUserById,
  foldEmail,
  forgetSessionUser,
  insertUserWithRootBox,
  lockedInboxOf,
  replaceEmail,
  replacePassword,
  SESSION_USER_TTL_MS,
  updateUser,
} from './users.repository.js';
export { createUsersService, isValidTimeZone, type UsersService } from './users.service.js';
