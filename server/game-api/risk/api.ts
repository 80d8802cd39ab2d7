// The risk module's public surface: what other domains may use of it (the limits placement enforces, the distributors an upload may name). Its store/ is private.
export { enforceLimits, limitNumberOf } from './store/limits.ts'
export { usableDistributor } from './store/distributors.ts'
