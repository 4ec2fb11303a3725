// A task break before the MUI theme is made (src/boot/nextTask.ts).
import { nextTask } from './nextTask';

await nextTask();
