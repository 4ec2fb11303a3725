// A task break after React and React DOM (src/boot/nextTask.ts).
import { nextTask } from './nextTask';

await nextTask();
