// The accounts module's public surface: what other domains may use of it (locking users for a ledger write, staff permissions, preferences). Its store/ is private.
export { lockUsers } from './store/accounts.ts'
export { assertAdminPermission } from './store/permissions.ts'
export { preferencesOf } from './store/preferences.ts'
