// A task break after the app's providers, layout and routes (src/boot/nextTask.ts).
import { nextTask } from './nextTask';

await nextTask();
