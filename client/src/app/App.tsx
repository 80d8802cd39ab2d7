/** Placeholder shell until the sign-in area lands: proves the build, the service's static serving and the browser stage. */
export function App () {
  return <main><h1>Back Office</h1><p>Sign-in is coming.</p></main>
}
