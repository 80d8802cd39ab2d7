// The settings module's public surface: what other domains may use of it (the SMS settings, the .ara backup rows). Its store/ is private.
export { readSmsSettings } from './store/sms-settings.ts'
export { backupRows } from './store/backup.ts'
export { BACKUP_FIELDS, money } from './rules/ara-rows.ts'
