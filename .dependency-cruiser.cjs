// Import cycles counting type-only imports (issue 40): eslint's import-x/no-cycle skips
// `import type`, so a cycle made of types alone passed lint. Run per workspace (npm run
// lint:cycles), each with its own tsconfig for its `@/` paths.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Two modules that import each other, types included: move what both need into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports are dependencies too: without this they are erased before the check.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.d\\.ts$'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
