import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import boundaries from DESIGN.md: app → views → ui, views → machines, app/services → api.
// machines/ is pure: xstate and machines/* only.
const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'docs', 'test/.output'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['react', 'react-dom', 'react-*', '@xstate/react'], message: 'Machines are pure: no React.' },
        { group: ['**/src/**', 'ky', 'firebase', 'firebase/*'], message: 'Machines name their effects; src/ provides them.' },
      ]),
      'no-restricted-globals': ['error', 'fetch', 'localStorage', 'window', 'document', 'setTimeout', 'setInterval'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([{ group: ['**/server/**'], message: 'The client never imports the server.' }]),
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/theme/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/views/**', '**/app/**', '**/services/**', '**/api/**', '**/machines/**'], message: 'ui/ and theme/ are leaves.' },
        { group: ['**/server/**'], message: 'The client never imports the server.' },
      ]),
    },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/api/**', 'ky'], message: 'Views send events; services talk to the API.' },
        { group: ['firebase', 'firebase/*'], message: 'Firebase lives in src/services.' },
        { group: ['**/server/**'], message: 'The client never imports the server.' },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([{ group: ['**/src/**', '**/machines/**'], message: 'The server stands alone.' }]),
    },
  },
);
