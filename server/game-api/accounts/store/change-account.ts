// A change to a downline account: the target and its parent locked in one transaction, the profile read after.
import type { Db, Transaction } from '../../../shared/db.ts'
import { errors } from '../../lib/errors.ts'
import { loadAccount, lockWithParent, type Locked } from './accounts.ts'

/** Runs change on the locked target and parent in one transaction and answers the profile after. */
export async function changeAccount (db: Db, userId: string, change: (tx: Transaction, target: Locked, parent: Locked) => Promise<void>) {
  return db.transaction(async (tx) => {
    const { target, parent } = await lockWithParent(tx, userId)
    if (!target || !parent) throw errors.userNotFound(userId)
    await change(tx, target, parent)
    const after = await loadAccount(tx, userId)
    if (!after) throw errors.userNotFound(userId)
    return after
  })
}
