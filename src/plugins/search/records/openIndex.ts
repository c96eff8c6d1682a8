import {PART, SearchEngine} from '../engine/engine';
import {buildPostings, decodeIndex, type LocalIndexFile} from './indexFile';

/** The engine over an index file, with the term table built from the file's piece numbers (no tokenizing). */
export function searchEngineFor(file: LocalIndexFile): SearchEngine {
  return new SearchEngine(decodeIndex(file), {
    settings: file.settings,
    synonyms: file.synonyms,
    postings: buildPostings(file, PART),
  });
}
