// A task break after the MUI theme is made (src/boot/nextTask.ts): making it is the largest piece of boot work.
import { nextTask } from './nextTask';

await nextTask();
