// Lint: TypeScript rules plus React hooks; formatting is left to editors.
module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2022, sourceType: 'module', ecmaFeatures: { jsx: true } },
  plugins: ['@typescript-eslint', 'react-hooks'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended'],
  env: { es2022: true, node: true, browser: true },
  rules: {
    'react-hooks/rules-of-hooks': 'error',
    'react-hooks/exhaustive-deps': 'off',
    '@typescript-eslint/no-explicit-any': 'off',
    '@typescript-eslint/no-require-imports': 'off',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    'no-restricted-syntax': [
      'error',
      {
        selector: "MemberExpression[object.object.name='process'][object.property.name='env'][property.name='TARO_ENV']",
        message: 'Only src/platform may read process.env.TARO_ENV (CONVENTIONS).'
      }
    ]
  },
  overrides: [{ files: ['src/platform/**'], rules: { 'no-restricted-syntax': 'off' } }],
  ignorePatterns: ['dist/', 'node_modules/', 'types/vendor/']
}
