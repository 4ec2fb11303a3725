// The entry's evaluation in several tasks instead of one (issue 14: ~220 ms at Lighthouse's 4x CPU
// slowdown on /watch, the largest long task left). src/main.tsx imports the break modules between
// its imports; the bundle keeps every module's code in import order with a break's top-level await
// inline, so the modules imported after a break run in the next task, and a phone can paint or
// answer a tap in between. Without a bundle (vite dev) modules evaluate as the spec says, the later
// ones without waiting for the break: nothing else changes.
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
