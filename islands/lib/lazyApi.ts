// What lib/lazy's loadApi brings: only the names an island uses after the import. The
// chunk esbuild makes for a dynamic import re-exports every name of the module it loads,
// and the shared chunk holding apiClient must then export each of them too, which every
// island importing apiClient statically loads (about 20 B gzip for apiClient's eight).
export { ApiError, createApiClient } from './apiClient';
