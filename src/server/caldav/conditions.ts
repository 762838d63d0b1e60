/** A write's If-Match and If-None-Match (RFC 7232), checked against the resource's strong ETag. */
import { DavError } from './errors';

export interface Conditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}

const listed = (header: string) => header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));

/** 412 unless the conditions hold for the resource as it is (`current`: its ETag, or none). */
export function checkConditions({ ifMatch, ifNoneMatch }: Conditions, current: string | undefined) {
  const failed =
    (ifMatch !== undefined &&
      (current === undefined || (ifMatch.trim() !== '*' && !listed(ifMatch).includes(current)))) ||
    (ifNoneMatch !== undefined &&
      current !== undefined &&
      (ifNoneMatch.trim() === '*' || listed(ifNoneMatch).includes(current)));
  if (failed) throw new DavError(412, 'Precondition Failed');
}
