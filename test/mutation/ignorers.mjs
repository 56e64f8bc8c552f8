// What `npm run mutate` does not mutate in machines/, because no behaviour can tell a mutant from the original (an
// equivalent mutant), each with its reason. Everything else in a machine is mutated: targets, guards, actions,
// event names, delays, context updates.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** Is `path` the argument object of XState's `setup({ … })`? */
function isSetupArgument(path) {
  const call = path.parentPath;
  return (
    path.isObjectExpression() &&
    call?.isCallExpression() &&
    call.get('callee').isIdentifier({ name: 'setup' }) &&
    call.node.arguments[0] === path.node
  );
}

/** Is `path` a property `name` of the object argument of `setup(…)` or of `createMachine(…)`? */
function propertyOf(path, call, name) {
  if (!path.isObjectProperty() || path.node.computed) return false;
  const key = path.get('key');
  if (!(key.isIdentifier({ name }) || key.isStringLiteral({ value: name }))) return false;
  const object = path.parentPath;
  if (call === 'setup') return isSetupArgument(object);
  const callee = object.parentPath?.isCallExpression() ? object.parentPath.get('callee') : null;
  return Boolean(callee?.isMemberExpression() && callee.get('property').isIdentifier({ name: 'createMachine' }));
}

/** The placeholder makers: service and effect (machines/placeholders.ts), listener (machines/listener.ts). */
const PLACEHOLDER_MAKERS = ['service', 'effect', 'listener'];

/** Is `path` an entry `name: service(…)`, `name: effect(…)` or `name: listener(…)`: a placeholder? */
function isPlaceholderEntry(path) {
  if (!path.isObjectProperty()) return false;
  const value = path.get('value');
  return value.isCallExpression() && PLACEHOLDER_MAKERS.some((name) => value.get('callee').isIdentifier({ name }));
}

/** Is `path` a property `initial: '<the first key of its sibling states>'`? */
function isFirstInitial(path) {
  if (!path.isObjectProperty() || !path.get('key').isIdentifier({ name: 'initial' })) return false;
  const value = path.get('value');
  if (!value.isStringLiteral()) return false;
  const states = path.parentPath
    .get('properties')
    .find((p) => p.isObjectProperty() && p.get('key').isIdentifier({ name: 'states' }));
  const first = states?.get('value').isObjectExpression() ? states.get('value').get('properties')[0] : undefined;
  const key = first?.isObjectProperty() ? first.get('key') : undefined;
  return Boolean(
    key && (key.isIdentifier({ name: value.node.value }) || key.isStringLiteral({ value: value.node.value })),
  );
}

const PLACEHOLDER =
  'a placeholder (machines/placeholders.ts, machines/listener.ts) that every use of the machine replaces through provide()';

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'machine-declarations', {
    shouldIgnore(path) {
      if (
        isSetupArgument(path) &&
        path
          .get('properties')
          .every(
            (property) =>
              propertyOf(property, 'setup', 'types') ||
              (['actors', 'actions'].some((kind) => propertyOf(property, 'setup', kind)) &&
                property.get('value').get('properties').every(isPlaceholderEntry)),
          )
      )
        return 'setup({ … }) with types and placeholders only: nothing of it is used at run time once provided';
      if (propertyOf(path, 'setup', 'types'))
        return 'setup({ types }): TypeScript types only; nothing of it exists at run time';
      for (const kind of ['actors', 'actions']) {
        if (propertyOf(path, 'setup', kind) && path.get('value').get('properties').every(isPlaceholderEntry))
          return `setup({ ${kind} }) holding placeholders only: each is ${PLACEHOLDER}`;
      }
      if (isPlaceholderEntry(path)) {
        const container = path.parentPath?.parentPath;
        if (container && (propertyOf(container, 'setup', 'actors') || propertyOf(container, 'setup', 'actions')))
          return `${PLACEHOLDER}`;
      }
      if (isFirstInitial(path))
        return 'initial names the first of its states, which XState enters anyway when initial is left out';
      if (propertyOf(path, 'createMachine', 'id'))
        return "the machine's id: its name in the catalogue, charts and inspector, not a behaviour";
      return undefined;
    },
  }),
];
