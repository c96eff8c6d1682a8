import {hash53} from '../../../utils/hash53.ts';
import type {Hierarchy, RecordType, SearchRecord} from '../types.ts';

/**
 * A stable id from the record's URL, type, hierarchy and content: the same
 * record gets the same id in every build and in both backends.
 */
export function recordId(
  url: string,
  type: RecordType,
  hierarchy: Hierarchy,
  content: string | null,
): string {
  return hash53(JSON.stringify([url, type, hierarchy, content]));
}

/** Fills in the id the local index file leaves out (hashing every record on load costs more than the rest of decoding). */
export function withObjectId(record: SearchRecord): SearchRecord {
  if (!record.objectID) record.objectID = recordId(record.url, record.type, record.hierarchy, record.content);
  return record;
}
