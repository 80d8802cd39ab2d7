// A statement marked prepared() run by name on PGlite: parsed and planned once per database, then only bound and executed, as
// PostgreSQL's pool keeps it on each connection. PGlite's own query() parses and plans every statement afresh, which for a
// placement's read and write was about 2 of the 4 ms PGlite spent on a bet (issue #43).
import { parse, protocol, type PGlite, type Results, type Transaction } from '@electric-sql/pglite'

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number]

/** What each database has parsed, by name: its parameters' type oids, which say how to send each value. */
const parsedOn = new WeakMap<PGlite, Map<string, number[]>>()

/**
 * Runs the statement named `name` (parsing it first on this database) with params, inside tx when given (refused once tx has
 * ended, as tx.query is), else on its own, as PGlite's query() runs one: after any transaction in progress, then synced to disk.
 */
export async function runPrepared<Row> (lite: PGlite, tx: Transaction | undefined, name: string, text: string, params: unknown[]): Promise<Results<Row>> {
  const run = () => lite.runExclusive(async () => {
    if (tx?.closed) throw new Error('Transaction is closed')
    const results = parse.parseResults(await exchange(lite, name, text, params), lite.parsers)[0] as Results<Row>
    if (!tx) await lite.syncToFs()
    return results
  })
  return tx ? run() : lite._runExclusiveTransaction(run)
}

/** The protocol messages of one run: Parse and Describe the first time, then Bind, Describe, Execute; Sync always, also after an error. */
async function exchange (lite: PGlite, name: string, text: string, params: unknown[]): Promise<Message[]> {
  const step = (message: Uint8Array) => lite.execProtocolStream(message, { syncToFs: false })
  let parsed = parsedOn.get(lite)
  if (parsed === undefined) parsedOn.set(lite, parsed = new Map())
  const messages: Message[] = []
  try {
    let types = parsed.get(name)
    if (types === undefined) {
      await step(protocol.serialize.parse({ name, text }))
      const described = await step(protocol.serialize.describe({ type: 'S', name }))
      types = (described.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined)?.dataTypeIDs ?? []
      parsed.set(name, types)
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null
      const serializer = lite.serializers[types[i] ?? 0]
      return serializer ? serializer(value) : String(value)
    })
    messages.push(...await step(protocol.serialize.bind({ statement: name, values })))
    messages.push(...await step(protocol.serialize.describe({ type: 'P' })))
    messages.push(...await step(protocol.serialize.execute({})))
  } finally {
    messages.push(...await step(protocol.serialize.sync()))
  }
  return messages
}
