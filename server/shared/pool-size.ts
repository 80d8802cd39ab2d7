// How many PostgreSQL connections a pool keeps: the one rule the pool (db.ts) and the DATABASE_POOL_SIZE setting (env.ts) share.
import { availableParallelism } from 'node:os'

/** Connections of a pool that transactions leave to single statements. */
export const READ_RESERVE = 2

/** The fewest a pool may keep: READ_RESERVE, and two for transactions. */
export const MIN_POOL_SIZE = READ_RESERVE + 2

/**
 * A pool's size when the deployment does not set one: two connections per core, PostgreSQL's own rule of thumb. More backends
 * than that only queue on a hot row (a bettor's credit) and spend the cores on waking each other: on 2 cores, 10 connections cost
 * placement about 1.45 ms of PostgreSQL's CPU a bet, 4 connections 1.05 ms (issue #43).
 */
export const poolSizeFor = (cores: number) => Math.max(MIN_POOL_SIZE, 2 * cores)

/** This machine's default pool size. */
export const defaultPoolSize = () => poolSizeFor(availableParallelism())
