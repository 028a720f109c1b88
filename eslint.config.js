import { readdirSync } from 'node:fs';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'check-file': checkFile },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,e2e,bench,scripts}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/widget/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Features stay independent (bulletproof-react): what two features share lives in components/,
  // lib/ or hooks/.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
              message: 'Features must not import each other.',
            },
            { group: ['../../*', '../../../*'], message: 'Import other folders through @/.' },
          ],
        },
      ],
    },
  })),
  // API modules stay independent: no module reads another module's repository or routes file
  // (its tables and its HTTP surface belong to it); what they share lives in db/ or lib/. Types
  // (a row's shape) may be imported.
  // Retrieval is used through its public surface (modules/retrieval/index.ts); only knowledge,
  // which writes the index, reaches into it.
  ...[
    { files: ['apps/api/src/modules/**/*.ts'], retrievalInternals: [] },
    {
      files: ['apps/api/src/modules/**/*.ts'],
      ignores: ['apps/api/src/modules/retrieval/**', 'apps/api/src/modules/knowledge/**'],
      retrievalInternals: [
        {
          group: ['../retrieval/*'],
          message: "Use the retrieval module's public surface: import from '../retrieval'.",
        },
      ],
    },
  ].map(({ files, ignores, retrievalInternals }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../*/*.repository',
                '../*/*.routes',
                '../../modules/*/*.{repository,routes}',
              ],
              message: "Modules must not import another module's repository or routes.",
              allowTypeImports: true,
            },
            ...retrievalInternals,
          ],
        },
      ],
    },
  })),
  {
    files: ['scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
