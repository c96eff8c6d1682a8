/**
 * Public Node entry of the search plugin for code outside the site (the docs-mcp
 * package): the local index's file types, joining a split index, and answering a
 * query with the engine and Algolia adapter the browser runs. Packages import this
 * file only (eslint.config.mjs, PUBLIC_NODE_ENTRIES), so the modules behind it can
 * move without breaking them.
 */
export {answerSearch} from './algolia-protocol/answer.ts';
export type {LocalIndexFile, SplitIndexFile} from './records/indexFile.ts';
export {joinIndex} from './records/joinIndex.ts';
export {searchEngineFor} from './records/openIndex.ts';
export type {Hierarchy} from './types.ts';
