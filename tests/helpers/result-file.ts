// A Singapore 4D result file as the operator receives it: staged on Draw Setting by the browser tests (tests/e2e/pages/result-file.ts)
// and sent through the service by tests/server/pages/draws-legacy.test.ts.

/** CSV rows prize,number: 1234 is the 1st prize. */
export const RESULT_FILE = [
  'prize,number', 'first,1234', 'second,5678', 'third,9012',
  ...['1000', '1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '2341'].map((n) => `starter,${n}`),
  ...['2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '5555'].map((n) => `consolation,${n}`)
].join('\n')
