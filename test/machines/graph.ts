// The one module that knows which graph library generates paths (@xstate/graph; the same API ships as xstate/graph).
export { getAdjacencyMap } from '@xstate/graph';
