import { useEffect, useRef } from 'react'

/** Pixels the banner moves per frame (seed 001 §9). */
export const BANNER_SPEED = 2

/** The scrolling announcement line: moves 2 px a frame, pauses while the pointer is over it. */
export function Banner ({ text, label }: { text: string, label: string }) {
  const box = useRef<HTMLDivElement>(null)
  const line = useRef<HTMLSpanElement>(null)
  const paused = useRef(false)
  useEffect(() => {
    const outer = box.current
    const inner = line.current
    if (!outer || !inner || !text) return
    let x = outer.clientWidth
    let frame = 0
    const step = () => {
      if (!paused.current) {
        x -= BANNER_SPEED
        if (x < -inner.offsetWidth) x = outer.clientWidth
        inner.style.transform = `translateX(${x}px)`
      }
      frame = requestAnimationFrame(step)
    }
    frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
  }, [text])
  const pause = (on: boolean) => {
    paused.current = on
    box.current?.setAttribute('data-paused', String(on))
  }
  return (
    <div className='banner' ref={box} role='marquee' aria-label={label} data-paused='false' onMouseEnter={() => pause(true)} onMouseLeave={() => pause(false)}>
      <span ref={line} className='banner__line'>{text}</span>
    </div>
  )
}
