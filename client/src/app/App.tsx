import { useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '../lib/queries.ts'
import { createRouter } from './router.tsx'

/** The client: one query client (every read and write of the app) around one data router over every route. */
export function App () {
  const [router] = useState(createRouter)
  const [queryClient] = useState(createQueryClient)
  return <QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>
}
