import type { Insertable } from 'kysely';
import type { RolesTable } from '../../server/db/tables';

/** The columns of a plain listener's role, for tests that write roles straight to the database. */
export const BASE_ROLE: Insertable<RolesTable> = {
  role_name: 'x',
  speed_limit: null,
  download_limit: 10,
  request_limit: 5,
  can_upload: 0,
  transcode: 0,
  vip: 0,
  download_paid: 0,
  enable_browse: 1,
  enable_requests: 1,
  enable_store: 1,
  blacklisted_tags: '[]',
};
