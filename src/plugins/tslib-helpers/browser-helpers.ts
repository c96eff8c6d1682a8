// What the browser bundle gets for `tslib`: only the helpers its modules call
// (see ./index.ts). Re-exported from tslib's ES module build, so the bundler
// keeps just these functions.
export {__importDefault} from 'tslib';
