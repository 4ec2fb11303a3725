// The client build's second entry, besides index.html: how server-rendered pages start the app
// (src/renderedBoot.ts). vite.config.ts builds it; server/ssr/render.ts finds its file in Vite's manifest by this key.
export const RENDERED_BOOT_ENTRY = 'src/renderedBoot.ts';
