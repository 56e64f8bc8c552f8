// The one module that knows which graph library generates paths: `xstate/graph`, XState's own public graph API
// (`@xstate/graph` 3 is the same code under its deprecated package name).
export { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';
export type { TraversalOptions } from 'xstate/graph';
