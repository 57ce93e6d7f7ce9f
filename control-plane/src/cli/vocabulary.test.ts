import { describe, expect, it } from 'vitest';
import * as server from '../db/schema.js';
import * as cli from './vocabulary.js';

describe('plume-admin vocabulary', () => {
  it('is the server\'s: permissions, quota buckets, job states', () => {
    expect(cli.PERMISSIONS).toEqual(server.PERMISSIONS);
    expect(cli.QUOTA_BUCKETS).toEqual(server.QUOTA_BUCKETS);
    expect(cli.JOB_STATES).toEqual(server.JOB_STATES);
  });
});
