import { reachable } from './reachable.ts'

/** The Redis server tests use when it answers; override with TEST_REDIS_URL. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether the test Redis answers. */
export const redisReachable = () => reachable(testRedisUrl, 6379)
