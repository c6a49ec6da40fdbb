import { describe } from 'vitest';
import { describeMatrix, matrixCast } from '../../test/permission-matrix.js';
import { testEngine } from '../../test/test-database.js';

/** The permission matrix (test/permission-matrix.ts) called with each role's read token. */
describe(`permission matrix on ${testEngine}`, () => {
  describeMatrix('read token', matrixCast());
});
