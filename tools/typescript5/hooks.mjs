// Resolve hook for register.mjs: `typescript` resolves from this workspace.
let parentURL;

export function initialize(data) {
  parentURL = data.parentURL;
}

export function resolve(specifier, context, nextResolve) {
  if (specifier === 'typescript' || specifier.startsWith('typescript/')) return nextResolve(specifier, { ...context, parentURL });
  return nextResolve(specifier, context);
}
