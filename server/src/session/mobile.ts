// Mobile user agents: phones and tablets the shell serves the mobile variants to.
const mobileAgent = /Mobi|Android|iPhone|iPad|iPod|Windows Phone|Opera Mini|IEMobile/i

/** Whether a request comes from a mobile browser: an explicit ?mobile=1|0 wins, then Sec-CH-UA-Mobile, then the user agent. */
export function detectMobile (headers: Record<string, string | string[] | undefined>, queryMobile?: string): boolean {
  if (queryMobile === '1' || queryMobile === 'true') return true
  if (queryMobile === '0' || queryMobile === 'false') return false
  const hint = headers['sec-ch-ua-mobile']
  if (hint === '?1') return true
  if (hint === '?0') return false
  const agent = headers['user-agent']
  return typeof agent === 'string' && mobileAgent.test(agent)
}
