import { Fragment, useEffect, useRef, useState } from 'react'
import { useMediaQuery } from './useMediaQuery.ts'

/** Pixels the banner moves per frame (seed 001 §9's speed 2), at 60 frames a second. */
export const BANNER_SPEED = 2
const FRAMES_PER_SECOND = 60

/**
 * The scrolling announcement line: each announcement its own item, a marker between them; moves 2 px a frame from the right edge
 * until it has left on the left, then again; pauses while the pointer is over it or the keyboard is in it; stands still for a user
 * who asked for reduced motion. A transform animation, which the compositor runs without waking the page's script each frame.
 */
export function Banner ({ items, label }: { items: string[], label: string }) {
  const box = useRef<HTMLDivElement>(null)
  const line = useRef<HTMLSpanElement>(null)
  const animation = useRef<Animation | null>(null)
  const still = useMediaQuery('(prefers-reduced-motion: reduce)')
  const text = items.join(' ◆ ')
  // The width the line enters from: measured again when the window changes, so it always starts at the right edge.
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const outer = box.current
    if (!outer) return
    const observer = new ResizeObserver(() => setWidth(outer.clientWidth))
    observer.observe(outer)
    return () => observer.disconnect()
  }, [])
  useEffect(() => {
    const outer = box.current
    const inner = line.current
    // A user who asked for less motion gets the line standing still, cut with an ellipsis (the whole text is its title).
    if (!outer || !inner || !text || still || width === 0) return
    const from = width
    const to = -inner.offsetWidth
    const pxPerMs = BANNER_SPEED * FRAMES_PER_SECOND / 1000
    animation.current = inner.animate([{ transform: `translateX(${from}px)` }, { transform: `translateX(${to}px)` }], { duration: (from - to) / pxPerMs, iterations: Infinity })
    if (outer.dataset['paused'] === 'true') animation.current.pause()
    return () => { animation.current?.cancel(); animation.current = null }
  }, [text, still, width])
  const pause = (on: boolean) => {
    if (on) animation.current?.pause()
    else animation.current?.play()
    box.current?.setAttribute('data-paused', String(on))
  }
  return (
    <div
      className='banner' ref={box} role='marquee' aria-label={label} data-paused='false'
      onMouseEnter={() => pause(true)} onMouseLeave={() => pause(false)} onFocus={() => pause(true)} onBlur={() => pause(false)}
    >
      <span ref={line} className='banner__line' title={text}>
        {items.map((item, i) => (
          <Fragment key={i}>
            {i > 0 && <span className='banner__sep' aria-hidden='true'>◆</span>}
            <span className='banner__item'>{item}</span>
          </Fragment>
        ))}
      </span>
    </div>
  )
}
