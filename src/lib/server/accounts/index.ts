// The accounts domain's public face: what other domains may use (the rest is its own).
export {
  customerRef,
  findUserById,
  recordedName,
  referencedUser,
  findUserByPhone,
  insertUser,
  toUserInfo,
  updateUser,
  wechatOpenid,
  type User,
} from './users.ts';
export {
  customerIdsMatching,
  displayNameOf,
  invitedCountOf,
  userDirectory,
  userIdByRid,
} from './directory.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { enforce } from './limits.ts';
export { passwordLogin } from './login.ts';
export { authGuard } from './guard.ts';
export { lockUser } from './lock-user.ts';
export { recordScan } from './wechat.ts';
export { accessTokenParams, authenticate, liveSessionUser, revokeConsoleSessions } from './tokens.ts';
export { ACCOUNT_INVITED } from './signup.ts';
export { eraseUser } from './closing.ts';
