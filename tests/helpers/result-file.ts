// 4D results for the tests: SAMPLE_4D_RESULT as POST draw/result takes it, and the same as a Singapore result file as the operator
// receives it (RESULT_FILE: staged on Draw Setting by tests/e2e/pages/result-file.ts, sent through the service by draws-legacy.test.ts).

/** A 4D result the draw tests enter: 1234 first, 2341 a starter (an iBet of 1234 hits both), 5555 a consolation. */
export const SAMPLE_4D_RESULT = {
  first: '1234',
  second: '5678',
  third: '9012',
  starters: ['1000', '1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '2341'],
  consolations: ['2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '5555']
}

/** SAMPLE_4D_RESULT as the operator's CSV file: rows prize,number, 1234 the 1st prize. */
export const RESULT_FILE = [
  'prize,number', `first,${SAMPLE_4D_RESULT.first}`, `second,${SAMPLE_4D_RESULT.second}`, `third,${SAMPLE_4D_RESULT.third}`,
  ...SAMPLE_4D_RESULT.starters.map((n) => `starter,${n}`),
  ...SAMPLE_4D_RESULT.consolations.map((n) => `consolation,${n}`)
].join('\n')

/** A 4D result as POST draw/result takes it (1234 first, 4444 and 1213 among the starters, 5555 among the consolations): the one the page tests enter. */
export const SAMPLE_RESULT = {
  first: '1234',
  second: '2222',
  third: '3333',
  starters: ['4444', '1213', '0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008'],
  consolations: ['5555', '5671', '2211', '0010', '0011', '0012', '0013', '0014', '0015', '0016']
}
