// A Vite plugin: the MUI theme's CSS variables (both modes, selected by the class on <html>; about
// 22 KB) are written into index.html's <head> at build time instead of being rendered by a
// <GlobalStyles> at run time. The theme is a constant, so its variables are too; at run time
// Emotion serialized and hashed the whole sheet on every render of the app's providers (hydration
// included) and moved the server's copy of it in <head> while hydrating. Server-rendered pages
// (their template is the built index.html) and the client-rendered shell both get them before any
// script, so nothing renders unstyled on either path.
import type { Plugin } from 'vite';
import { themeWithEveryScheme } from '../src/app/theme.js';

const kebabCase = (property: string) => (property.startsWith('--') ? property : property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));

/**
 * The theme's variable sheets as CSS text. With the class selector they are flat (`:root`, `.dark`,
 * `.light`, each a list of declarations); anything nested fails the build rather than being lost.
 */
function themeVariablesCss(): string {
  const sheets = themeWithEveryScheme().generateStyleSheets() as Record<string, Record<string, unknown>>[];
  return sheets
    .flatMap((sheet) => Object.entries(sheet))
    .map(([selector, declarations]) => {
      const body = Object.entries(declarations).map(([property, value]) => {
        if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`theme variables: ${selector} ${property} is not a plain value`);
        return `${kebabCase(property)}:${value};`;
      });
      return `${selector}{${body.join('')}}`;
    })
    .join('');
}

export function themeVariables(): Plugin {
  return {
    name: 'vidshare:theme-variables',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'style', attrs: { 'data-theme-variables': '' }, children: themeVariablesCss(), injectTo: 'head' }],
    },
  };
}
