/**
 * Stands in for axios's fetch adapter (lib/adapters/fetch.js, ~3 KB gzip) in the browser build. axios tries its
 * adapters in the order ['xhr', 'http', 'fetch'] and every browser we serve has XMLHttpRequest, so it never gets
 * here: our client (src/api/axios-client.ts) names no adapter, tests hand it a function. Asked for by name, axios
 * reports that the environment does not support it, as it does for 'http' in a browser.
 */
export const getFetch = (): false => false;
const adapter = false;
export default adapter;
