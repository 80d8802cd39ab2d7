import { useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { createRouter } from './router.tsx'

/** The client: one data router over every route. */
export function App () {
  const [router] = useState(createRouter)
  return <RouterProvider router={router} />
}
