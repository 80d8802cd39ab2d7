import { useEffect, useRef, useState } from 'react'

/** What a one-off read at mount gave: undefined until it answered, then its value or, when it failed, the fallback. */
export function useLoad<T, F> (load: () => Promise<T>, fallback: F): T | F | undefined {
  const [value, setValue] = useState<{ v: T | F } | undefined>()
  // The loader of the first render: one read per mount.
  const first = useRef({ load, fallback })
  useEffect(() => {
    let live = true
    const { load, fallback } = first.current
    load().then((v) => { if (live) setValue({ v }) }, () => { if (live) setValue({ v: fallback }) })
    return () => { live = false }
  }, [])
  return value?.v
}
