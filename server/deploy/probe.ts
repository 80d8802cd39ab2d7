// The containers' health check (the slim image has neither curl nor wget): exit 0 when the URL answers 2xx within 3 s.
const url = process.argv[2]
if (url === undefined) {
  console.error('usage: node dist/server/probe.js <url>, e.g. http://127.0.0.1:3000/readyz')
  process.exit(2)
}
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(3000) })
  if (!response.ok) console.error(`${url} answered ${response.status}`)
  process.exit(response.ok ? 0 : 1)
} catch (error) {
  console.error(`${url} did not answer: ${(error as Error).message}`)
  process.exit(1)
}
